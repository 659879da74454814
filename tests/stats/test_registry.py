"""Tests of the registry's records: what each back end states, and what a call refuses."""

import pytest

from sklearn_bayescmp.stats import backend_names, get_backend
from sklearn_bayescmp.stats._backend import Backend
from sklearn_bayescmp.stats._bibliography import WORKS, cited
from tests._messages import naming


@pytest.mark.parametrize("name", backend_names())
def test_every_record_states_its_kind_and_cites_by_key(name):
    backend = get_backend(name)
    assert backend.kind in ("bayesian", "frequentist")
    assert (backend.kind == "bayesian") == ("rope" in backend.parameters)
    keys = [key.strip() for key in backend.cite.split(";")]
    assert list(backend.references) == keys
    assert all(backend.references[key] == WORKS[key] for key in keys)


def test_an_unknown_option_is_refused_with_its_name():
    backend = get_backend("signed_rank")
    with pytest.raises(TypeError, match="'prior_strenght'"):
        backend.call([0.01, 0.02, -0.01], prior_strenght=2.0)
    with pytest.raises(TypeError, match="'n_drawz'"):
        backend.run([[0.01, 0.02, -0.01]], n_drawz=100)
    # The arguments every caller provides are dropped where the test does not take them.
    frequentist = get_backend("wilcoxon")
    assert frequentist.call([0.01, 0.02, -0.01, 0.03], rope=0.01).pvalue > 0
    many = backend.run([[0.01, 0.02, -0.01]], rope=0.01, n_draws=100, random_state=0, keep_draws=0)
    assert many[0].n_draws == 100


def test_a_record_refuses_a_kind_its_function_contradicts():
    wilcoxon = get_backend("wilcoxon")
    with pytest.raises(ValueError, match=naming("bayesian", "rope")):
        Backend(
            "wilcoxon",
            wilcoxon.function,
            wilcoxon.title,
            wilcoxon.scope,
            wilcoxon.result_type,
            kind="bayesian",
        )
    with pytest.raises(ValueError, match="`kind` is one of"):
        Backend("wilcoxon", wilcoxon.function, "", "means", object, kind="p-value")


def test_the_bibliography_writes_each_work_once():
    assert cited("Corani et al. 2017; Holm 1979") == {
        "Corani et al. 2017": WORKS["Corani et al. 2017"],
        "Holm 1979": WORKS["Holm 1979"],
    }
    with pytest.raises(ValueError, match="not in the bibliography"):
        cited("Nobody 2031")
    with pytest.raises(ValueError, match="in the bibliography already"):
        cited("Holm 1979", {"Holm 1979": "S. Holm, again."})
