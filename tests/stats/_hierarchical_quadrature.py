"""The hierarchical model's posterior of ``(delta0, sigma0, nu)`` by quadrature.

A test-only reference for the Gibbs sampler that shares none of its moves: every
``sigma_i`` and ``delta_i`` is integrated out exactly or by fixed-node quadrature,
and the three population parameters are summed over a grid. It reaches every
mode of the posterior, where NUTS (Stan's, numpyro's) stays in one.

With ``a_i = (n_i - 1) / 2`` and ``S_i(d) = A_i + B_i (mean_i - d)**2`` (see
:class:`~sklearn_bayescmp.stats._hierarchical_sampler.HierarchicalData`), the
likelihood of data set ``i`` with ``sigma_i ~ U(lo, hi)`` integrated out is, up
to a constant free of ``d``::

    L_i(d) = S_i(d)**(-a_i) [P(a_i, S_i(d) / (2 lo**2)) - P(a_i, S_i(d) / (2 hi**2))]

(substitute ``u = S / (2 sigma**2)``; ``P`` is the regularised lower incomplete
gamma function). Then ``M_i = ∫ t_nu(d; delta0, sigma0) L_i(d) dd`` by
Gauss-Legendre quadrature between break points placed around ``delta0`` in
units of ``sigma0`` and around ``mean_i`` in units of its standard error (so
that a sharp population, a sharp likelihood or both are resolved), with the
two tails mapped onto finite intervals. The prior of ``nu - shift`` is the
Gamma density averaged over the uniform ``alpha`` and ``beta``, by
Gauss-Legendre quadrature in both. The posterior density of ``(delta0, log
sigma0, log(nu - shift))`` is then proportional to
``sigma0 (nu - shift) p(nu - shift) prod_i M_i`` inside the priors' bounds,
summed with trapezoid weights over a grid that the caller chooses and whose
faces it checks.
"""

import numpy as np
from scipy import special

# Break points, in units of the scale around each centre: geometric, so that a
# product of two narrow densities far apart, whose peak lies between them, is
# resolved too.
_BREAKS = np.concatenate([-(4.0 ** np.arange(10))[::-1], [0.0], 4.0 ** np.arange(10)])
_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(8)
_TAIL_NODES, _TAIL_WEIGHTS = np.polynomial.legendre.leggauss(24)


def log_effect_likelihood(delta, data, i):
    """``log L_i(delta)`` of data set ``i``, up to a constant free of ``delta``."""
    a = 0.5 * (data.n[i] - 1.0)
    squares = data.within[i] + data.mean_weight[i] * (data.mean[i] - delta) ** 2
    log_likelihood = -a * np.log(squares)
    # The bounds of sigma_i cut the mass only where S / (2 sigma**2) leaves
    # the body of Gamma(a); elsewhere the mass is 1 to double precision.
    cut = squares > 2.0 * data.sigma_upper**2 * special.gammaincinv(a, 1e-17)
    if data.sigma_lower > 0:
        cut |= squares < 2.0 * data.sigma_lower**2 * special.gammainccinv(a, 1e-17)
    if cut.any():
        x_low = squares[cut] / (2.0 * data.sigma_upper**2)
        if data.sigma_lower == 0:
            mass = special.gammaincc(a, x_low)
        else:
            x_high = squares[cut] / (2.0 * data.sigma_lower**2)
            # P(a, x_high) - P(a, x_low) = Q(a, x_low) - Q(a, x_high): whichever
            # pair is not close to 1 keeps its digits.
            p_high = special.gammainc(a, x_high)
            mass = np.where(
                p_high < 0.5,
                p_high - special.gammainc(a, x_low),
                special.gammaincc(a, x_low) - special.gammaincc(a, x_high),
            )
        with np.errstate(divide="ignore"):
            log_likelihood[cut] += np.log(mass)
    return log_likelihood


def _effect_scale(data, i):
    """The width of ``L_i``: the standard error of ``mean_i``, ``sigma_i`` within its bounds."""
    lowest, highest = data.sigma_lower**2, data.sigma_upper**2
    variance = np.clip(data.within[i] / (data.n[i] - 1.0), lowest, highest)
    return np.sqrt(variance / data.mean_weight[i])


def _log_student(delta, delta0, sigma0, nu):
    """``log t_nu(delta; delta0, sigma0)`` (scipy.stats.t.logpdf, without its per-call overhead)."""
    z2 = ((delta - delta0) / sigma0) ** 2
    return (
        special.gammaln(0.5 * (nu + 1.0))
        - special.gammaln(0.5 * nu)
        - 0.5 * np.log(np.pi * nu)
        - np.log(sigma0)
        - 0.5 * (nu + 1.0) * np.log1p(z2 / nu)
    )


def _nodes(delta0, sigma0, centre, scale):
    """Quadrature nodes and log weights for ``∫ f(d) dd``, one row per ``(delta0, sigma0)``."""
    breaks = np.concatenate(
        [
            delta0[:, None] + sigma0[:, None] * _BREAKS,
            np.broadcast_to(centre + scale * _BREAKS, (delta0.size, _BREAKS.size)),
        ],
        axis=1,
    )
    breaks.sort(axis=1)
    half = 0.5 * np.diff(breaks, axis=1)[..., None]
    middle = 0.5 * (breaks[:, 1:] + breaks[:, :-1])[..., None]
    inner = (middle + half * _NODES).reshape(delta0.size, -1)
    with np.errstate(divide="ignore"):
        inner_log_weights = np.log(half * _WEIGHTS).reshape(delta0.size, -1)
    # Tails: d = edge -/+ width * t / (1 - t), t in (0, 1), dd = width / (1 - t)**2 dt.
    t = 0.5 * (_TAIL_NODES + 1.0)
    width = np.maximum(sigma0, scale)[:, None]
    stretch = t / (1.0 - t)
    log_jacobian = np.log(width) - 2.0 * np.log1p(-t) + np.log(0.5 * _TAIL_WEIGHTS)
    left = breaks[:, :1] - width * stretch
    right = breaks[:, -1:] + width * stretch
    nodes = np.concatenate([left, inner, right], axis=1)
    log_weights = np.concatenate(
        [
            np.broadcast_to(log_jacobian, left.shape),
            inner_log_weights,
            np.broadcast_to(log_jacobian, right.shape),
        ],
        axis=1,
    )
    return nodes, log_weights


def log_population_integral(delta0, sigma0, nu, data, i):
    """``log M_i = log ∫ t_nu(d; delta0, sigma0) L_i(d) dd`` at arrays of equal shape."""
    nodes, log_weights = _nodes(delta0, sigma0, data.mean[i], _effect_scale(data, i))
    log_terms = (
        _log_student(nodes, delta0[:, None], sigma0[:, None], nu[:, None])
        + log_effect_likelihood(nodes, data, i)
        + log_weights
    )
    peak = log_terms.max(axis=1)
    return peak + np.log(np.exp(log_terms - peak[:, None]).sum(axis=1))


def log_nu_prior(nu_excess, data, n_nodes=64):
    """``log p(nu - shift)``: the Gamma density averaged over uniform ``alpha`` and ``beta``."""
    nodes, weights = np.polynomial.legendre.leggauss(n_nodes)
    (a_low, a_high), (b_low, b_high) = data.alpha_bounds, data.beta_bounds
    alpha = (0.5 * (a_high - a_low) * (nodes + 1.0) + a_low)[:, None, None]
    beta = (0.5 * (b_high - b_low) * (nodes + 1.0) + b_low)[None, :, None]
    log_gamma = (
        alpha * np.log(beta)
        + (alpha - 1.0) * np.log(nu_excess)
        - beta * nu_excess
        - special.gammaln(alpha)
    )
    log_w = np.log(0.25 * weights[:, None, None] * weights[None, :, None])
    return special.logsumexp(log_gamma + log_w, axis=(0, 1))  # the uniform densities cancel the 1/4


def posterior_on_grid(data, delta0, log_sigma0, log_nu_excess, chunk=4096):
    """Posterior probabilities of the points of a grid of ``(delta0, log sigma0, log(nu - shift))``.

    Each point gets the density there times its trapezoid weight on every axis
    (axes may be unevenly spaced), normalized over the grid: sums over the
    grid approximate integrals when the grid's faces carry negligible mass,
    which the caller checks.

    Parameters
    ----------
    data : HierarchicalData
        One collection (one-dimensional arrays).
    delta0, log_sigma0, log_nu_excess : ndarray of shape (k,), (l,), (m,)
        The grid's axes, increasing.
    chunk : int, default=4096
        Grid points computed at once (memory: about ``chunk * 400`` floats).

    Returns
    -------
    ndarray of shape (k, l, m)
    """
    d0, ls0, lnu = (
        v.ravel() for v in np.meshgrid(delta0, log_sigma0, log_nu_excess, indexing="ij")
    )
    sigma0 = np.exp(ls0)
    # The priors, with the Jacobians of the logs: sigma0 is uniform, nu - shift mixed gamma.
    log_nu = log_nu_prior(np.exp(log_nu_excess), data) + log_nu_excess
    log_density = ls0 + np.tile(log_nu, delta0.size * log_sigma0.size)
    log_density[(np.abs(d0) >= 1.0) | (sigma0 >= data.sigma0_upper)] = -np.inf
    nu = np.exp(lnu) + data.nu_shift
    # Data sets with the same summaries (those whose differences are all
    # equal, above all) contribute the same factor.
    rows = np.column_stack([data.n, data.mean, data.within, data.mean_weight])
    _, first, count = np.unique(rows, axis=0, return_index=True, return_counts=True)
    for start in range(0, d0.size, chunk):
        part = slice(start, start + chunk)
        for i, k in zip(first, count, strict=True):
            log_density[part] += k * log_population_integral(
                d0[part], sigma0[part], nu[part], data, i
            )
    shape = (delta0.size, log_sigma0.size, log_nu_excess.size)
    weights = np.exp(log_density - log_density.max()).reshape(shape)
    weights *= np.einsum(
        "i,j,k->ijk", *(_trapezoid(axis) for axis in (delta0, log_sigma0, log_nu_excess))
    )
    return weights / weights.sum()


def _trapezoid(axis):
    """Trapezoid weights of the points of an increasing axis."""
    gaps = np.diff(axis)
    return 0.5 * (np.r_[0.0, gaps] + np.r_[gaps, 0.0])


def log_nu_excess_axis(threshold):
    """An axis of ``log(nu - shift)`` from -38 to about 7 on which ``threshold`` is a point.

    Steps of 0.5 from -16 up, where the posterior's modes lie (each about 1
    wide: steps of 1.5 gave a share above ``nu = 4`` of 0.938 for a converged
    0.950), and of 2 in the far tail below.
    """
    return np.r_[np.arange(-38.0, -16.0, 2.0), threshold + 0.5 * np.arange(-34, 13)]


def largest_face_mass(probabilities):
    """The largest mass on one face of the grid: small when the grid holds the posterior."""
    return max(
        np.moveaxis(probabilities, axis, 0)[end].sum()
        for axis in range(probabilities.ndim)
        for end in (0, -1)
    )


def mass_above(probabilities, axis, threshold):
    """The share of ``probabilities``, one per point of ``axis``, above ``threshold``.

    ``threshold`` is a point of ``axis``, not its first or last; its trapezoid
    weight is split between its two sides.
    """
    inside = np.flatnonzero(np.isclose(axis[1:-1], threshold)) + 1
    if inside.size != 1:
        raise ValueError(f"threshold={threshold!r} must be one point inside the axis.")
    at = int(inside[0])
    gaps = np.diff(axis)
    return probabilities[at + 1 :].sum() + probabilities[at] * gaps[at] / (gaps[at - 1] + gaps[at])
