"""The README's first screen stays true: its main job prints what the README shows."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def _main_job_script():
    """The Python script the README's main-job command runs."""
    command = re.search(r"\.venv/bin/python (examples/\S+\.py)", README.read_text()).group(1)
    return ROOT / command


def _printed_block():
    text = README.read_text()
    match = re.search(r"The main job above prints:\n\n```\n(.*?)```\n", text, re.S)
    assert match, "README.md lost its 'The main job above prints:' block"
    return match.group(1)


@pytest.mark.long
@pytest.mark.skipif(not README.exists(), reason="installed without the source tree")
def test_readme_block_is_what_the_main_job_prints():
    script = _main_job_script()
    completed = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "MPLBACKEND": "Agg"},
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == _printed_block()
