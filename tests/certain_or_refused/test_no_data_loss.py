"""Data loss: the command never overwrites its input or another output of the run, replaces a
figure only if it wrote it for the same report, and names every file it writes."""

import os

import numpy as np
import pytest

from sklearn_bayescmp.cli import main

pytest.importorskip("matplotlib")


@pytest.fixture
def scores(tmp_path):
    rng = np.random.default_rng(0)
    path = tmp_path / "accuracy.txt"
    path.write_text(
        "dataset,a,b,c\n"
        + "".join(
            f"d{i},{rng.uniform(0.7, 0.9)},{rng.uniform(0.7, 0.9)},{rng.uniform(0.7, 0.9)}\n"
            for i in range(8)
        )
    )
    return path


def _run(capsys, *argv):
    status = main([str(a) for a in argv])
    return status, capsys.readouterr().err


def test_the_report_never_overwrites_the_input(scores, capsys):
    before = scores.read_text()
    status, err = _run(capsys, "compare", scores, "--report", scores)
    assert status == 2 and "is the input file: writing it would destroy it" in err
    assert scores.read_text() == before
    # Nor through another name of the same file.
    alias = scores.parent / "alias.txt"
    os.symlink(scores, alias)
    status, err = _run(capsys, "compare", scores, "--report", alias)
    assert status == 2 and scores.read_text() == before


def test_the_plot_never_overwrites_the_input(tmp_path, capsys):
    path = tmp_path / "scores.png"  # a CSV, whatever its name
    path.write_text("dataset,a,b\nd0,0.8,0.7\nd1,0.9,0.8\nd2,0.7,0.72\n")
    before = path.read_text()
    status, err = _run(capsys, "compare", path, "--plot", path)
    assert status == 2 and "--plot" in err and path.read_text() == before


def test_a_side_figure_never_replaces_the_plot(scores, tmp_path, capsys):
    plot = tmp_path / "r_md_bayesian_cd.svg"
    status, err = _run(capsys, "compare", scores, "--plot", plot, "--report", tmp_path / "r.md")
    assert status == 2 and "the report's bayesian diagram" in err and "also --plot" in err
    assert not plot.exists()


def test_a_side_figure_never_replaces_a_file_it_did_not_write(scores, tmp_path, capsys):
    mine = tmp_path / "r_md_classic_cd.svg"
    mine.write_text("<svg>my own figure</svg>")
    status, err = _run(capsys, "compare", scores, "--report", tmp_path / "r.md")
    assert status == 2 and "exists and was not written for this report" in err
    assert mine.read_text() == "<svg>my own figure</svg>"
    assert not (tmp_path / "r.md").exists()  # refused before any work


@pytest.mark.parametrize("extension", [".md", ".tex"])
def test_running_again_replaces_the_run_s_own_files_and_names_them(
    scores, tmp_path, capsys, extension
):
    report = tmp_path / f"r{extension}"
    figure = "pdf" if extension == ".tex" else "svg"
    stem = f"r_{extension[1:]}"
    written = [
        report,
        *(tmp_path / f"{stem}_{kind}_cd.{figure}" for kind in ("bayesian", "classic")),
        tmp_path / f"{stem}_pairs.csv",
    ]
    for _ in range(2):  # the second run replaces the first's files
        status, err = _run(capsys, "compare", scores, "--report", report)
        assert status == 0
        assert f"bayescmp compare: wrote {', '.join(map(str, written))}" in err
    # A figure of another report of the same directory is not this report's.
    other = tmp_path / f"r-other{extension}"
    (tmp_path / f"r-other_{extension[1:]}_bayesian_cd.{figure}").write_bytes(
        written[1].read_bytes()
    )
    status, err = _run(capsys, "compare", scores, "--report", other)
    assert status == 2 and "was not written for this report" in err


def test_two_formats_of_one_report_live_side_by_side(scores, tmp_path, capsys):
    for extension in (".md", ".html", ".tex", ".txt"):
        status, err = _run(capsys, "compare", scores, "--report", tmp_path / f"r{extension}")
        assert status == 0, err
    names = sorted(path.name for path in tmp_path.iterdir() if path.name.startswith("r"))
    for extension in ("md", "html", "tex", "txt"):
        assert f"r.{extension}" in names and f"r_{extension}_pairs.csv" in names
    assert {"r_md_bayesian_cd.svg", "r_html_bayesian_cd.svg", "r_tex_bayesian_cd.pdf"} <= set(names)
    # Each report names its own files.
    assert "r_md_bayesian_cd.svg" in (tmp_path / "r.md").read_text(encoding="utf-8")
    assert "r_html_pairs.csv" in (tmp_path / "r.html").read_text(encoding="utf-8")


def test_a_csv_of_pairs_never_replaces_a_file_it_did_not_write(scores, tmp_path, capsys):
    mine = tmp_path / "r_md_pairs.csv"
    mine.write_text("my,own\n1,2\n")
    status, err = _run(capsys, "compare", scores, "--report", tmp_path / "r.md")
    assert status == 2 and "writes its pairs into" in err and "was not written" in err
    assert mine.read_text() == "my,own\n1,2\n"


def test_the_plot_is_named_with_the_report(scores, tmp_path, capsys):
    plot, report = tmp_path / "cd.png", tmp_path / "r.html"
    status, err = _run(capsys, "compare", scores, "--plot", plot, "--report", report)
    assert status == 0 and f"wrote {plot}, {report}, " in err
    assert plot.stat().st_size > 0


@pytest.mark.parametrize("option", ["--report", "--plot"])
def test_a_hard_link_of_the_input_is_the_input(scores, capsys, option, tmp_path):
    # Another path, the same file: compared by identity (device and inode), not by name.
    link = tmp_path / ("hard.md" if option == "--report" else "hard.png")
    os.link(scores, link)
    before = scores.read_text()
    status, err = _run(capsys, "compare", scores, option, link)
    assert status == 2 and "is the input file: writing it would destroy it" in err
    assert scores.read_text() == before and link.read_text() == before


def test_two_outputs_that_differ_only_in_case_are_one_file_on_a_case_insensitive_disk(
    scores, capsys, tmp_path
):
    status, err = _run(
        capsys, "compare", scores, "--plot", tmp_path / "R.svg", "--report", tmp_path / "r.svg.md"
    )
    assert status == 0
    status, err = _run(
        capsys,
        "compare",
        scores,
        "--report",
        tmp_path / "Out.md",
        "--plot",
        tmp_path / "out_md_bayesian_cd.svg",
    )
    assert status == 2 and "diagram" in err and "is also --plot: writing it would destroy" in err


@pytest.mark.parametrize("name", ["figure.png", "paper.pdf", "poster.svg"])
def test_the_plot_never_replaces_a_file_it_did_not_write(scores, tmp_path, capsys, name):
    mine = tmp_path / name
    mine.write_bytes(b"the user's own figure")
    status, err = _run(capsys, "compare", scores, "--plot", mine)
    assert status == 2 and err.count("\n") == 1 and "--plot" in err and "--force" in err
    assert mine.read_bytes() == b"the user's own figure"
    # Following the advice replaces it; a second run replaces its own figure unasked.
    assert _run(capsys, "compare", scores, "--plot", mine, "--force")[0] == 0
    assert mine.read_bytes() != b"the user's own figure"
    assert _run(capsys, "compare", scores, "--plot", mine)[0] == 0


def test_the_plot_never_replaces_a_file_through_a_link(scores, tmp_path, capsys):
    poster = tmp_path / "poster.svg"
    poster.write_text("<svg>my poster</svg>")
    link = tmp_path / "p.svg"
    os.symlink(poster, link)
    status, err = _run(capsys, "compare", scores, "--plot", link)
    assert status == 2 and "--force" in err
    assert poster.read_text() == "<svg>my poster</svg>"


def test_a_format_without_metadata_is_never_known_as_the_command_s(scores, tmp_path, capsys):
    plot = tmp_path / "figure.jpg"
    assert _run(capsys, "compare", scores, "--plot", plot)[0] == 0
    status, err = _run(capsys, "compare", scores, "--plot", plot)
    assert status == 2 and "--force" in err  # a JPEG cannot carry the mark


def test_a_csv_whose_header_looks_like_the_pairs_is_not_the_command_s(scores, tmp_path, capsys):
    mine = tmp_path / "notes_md_pairs.csv"
    mine.write_text("model_a,model_b,my notes\nx,y,z\n")
    status, err = _run(capsys, "compare", scores, "--report", tmp_path / "notes.md")
    assert status == 2 and err.count("\n") == 1 and "--force" in err
    assert mine.read_text() == "model_a,model_b,my notes\nx,y,z\n"
    assert _run(capsys, "compare", scores, "--report", tmp_path / "notes.md", "--force")[0] == 0
    first, header = mine.read_text().splitlines()[:2]
    assert first.startswith("# written by bayescmp compare: ") and header.startswith("model_a,")


def test_force_never_replaces_the_input(scores, capsys):
    before = scores.read_text()
    status, err = _run(capsys, "compare", scores, "--report", scores, "--force")
    assert status == 2 and scores.read_text() == before
