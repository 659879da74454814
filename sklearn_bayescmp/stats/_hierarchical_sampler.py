"""A Gibbs sampler for the hierarchical model of Corani et al. (2017, §3).

The model, for data sets ``i = 1..q`` with ``n_i`` differences ``x_i``::

    x_i     ~ MVN(1 delta_i, Sigma_i)   (variances sigma_i**2, correlations rho_i)
    delta_i ~ t(nu, delta0, sigma0)
    sigma_i ~ U(sigma_lower, sigma_upper)
    delta0  ~ U(-1, 1),  sigma0 ~ U(0, sigma0_upper)
    nu - shift ~ Gamma(alpha, beta),  alpha ~ U(alpha_bounds),  beta ~ U(beta_bounds)

The likelihood of data set ``i`` depends on the data only through
``(n_i, mean_i, SS_i, rho_i)``::

    log L_i = -n_i log sigma_i - (A_i + B_i (mean_i - delta_i)**2) / (2 sigma_i**2) + const,
    A_i = SS_i / (1 - rho_i),  B_i = n_i / (1 + (n_i - 1) rho_i),

from ``log|Sigma| = n log sigma**2 + (n-1) log(1-rho) + log(1+(n-1)rho)`` and the
eigen-decomposition of the intraclass correlation matrix.

Writing the Student-t as a scale mixture of normals, ``delta_i | lambda_i ~
N(delta0, sigma0**2 / lambda_i)`` with ``lambda_i ~ Gamma(nu/2, nu/2)``, makes the
updates of ``lambda_i``, ``delta_i``, ``sigma_i``, ``delta0``, ``sigma0`` and ``beta``
(truncated) normal or gamma draws. With ``lambda`` integrated out,
``(alpha, nu)`` get a Metropolis-Hastings step from their prior given
``beta`` (where the effects say little of ``nu``, nearly independent draws of
the pair, which a step of either given the other cannot make), then
``log(nu - shift)`` random-walk Metropolis steps (their step size tuned during
warm-up); in these steps ``log sigma0`` moves with ``log(nu - shift)`` along
their regression line in the warm-up. ``alpha`` also gets an independence
step from its prior given ``nu`` (the move across the modes below proposes
it from a log-linear approximation of its conditional density). Two further moves keep the
chains mixing when the data sets agree (``sigma0`` near 0, where a centred
sampler is stuck in a funnel):

* ancillarity-sufficiency interweaving (Yu & Meng, 2011): after the centred
  update of ``(delta0, sigma0)`` given ``delta``, they are updated again given
  the standardised effects ``eta_i = (delta_i - delta0) / sigma0``, which moves
  all ``delta_i`` with them;
* a joint random-walk Metropolis move of ``(delta0, log sigma0, log(nu - shift))``
  with ``lambda`` integrated out, its proposal covariance adapted during warm-up
  only.

Where the population is heavy-tailed, ``sigma0`` and the overall size of the
``lambda_i`` move only together; after each draw of ``lambda``, both are
rescaled by a factor drawn from its conditional (parameter expansion, Liu &
Wu, 1999; Liu & Sabatti, 2000).

When most data sets sit on ``delta0`` and a few lie far out (near-identical
models), the posterior has two modes, ``nu`` near 1 and ``nu`` large, and no
move above crosses between them: each far ``delta_i`` has to change its place
with ``nu``. Every third iteration a Metropolis-Hastings move proposes
``(sigma0, alpha, nu)`` (half from the prior, half from a density estimate of
the warm-up's draws) and every ``delta_i`` from a log-linear approximation of
its conditional density, with the exact acceptance ratio. The move is made
only for collections with the shape that gives ``nu`` two modes, a tight and
precisely known core with a few data sets far out (:func:`has_outlying_core`);
elsewhere the posterior of ``nu`` has one mode, which the other moves sample
at half the cost (``benchmarks/README.md``).

All chains advance together as numpy arrays of shape ``(n_chains,)`` or
``(n_chains, q)``. Chains come in *groups*, one per posterior, each with its
own data, prior bounds and warm-up adaptation; every group of a batch (every
pair of models in a many-model comparison) draws from one generator
(:class:`ChainRandom`), its normals and uniforms drawn many iterations ahead in
one call, so that a batch costs little more than one posterior. A posterior
sampled in a batch agrees with it sampled alone within Monte Carlo error.

References
----------
H. Haario, E. Saksman and J. Tamminen, "An adaptive Metropolis algorithm",
Bernoulli 7(2), 2001.
J. S. Liu and C. Sabatti, "Generalised Gibbs sampler and multigrid Monte Carlo
for Bayesian computation", Biometrika 87(2), 2000.
J. S. Liu and Y. N. Wu, "Parameter expansion for data augmentation", Journal
of the American Statistical Association 94(448), 1999.
Y. Yu and X.-L. Meng, "To center or not to center: that is not the question - an
ancillarity-sufficiency interweaving strategy (ASIS) for boosting MCMC
efficiency", Journal of Computational and Graphical Statistics 20(3), 2011.
"""

import functools
import math
from dataclasses import dataclass, fields, replace
from functools import cached_property

import numpy as np
from scipy import special

from ._piecewise_density import PiecewiseLogLinear

#: The authors' hyper-prior since November 2016: alpha ~ U(0.5, 5), beta ~ U(0.05, 0.15).
ALPHA_BOUNDS = (0.5, 5.0)
BETA_BOUNDS = (0.05, 0.15)

_ADAPT_START = 100  # warm-up iteration of the first proposal adaptation
# The move across the modes of nu costs about two iterations of the others;
# every third iteration, it gives most of its gain (benchmarks/README.md).
_POPULATION_MOVE_EVERY = 3
_SCALARS = ("delta0", "sigma0", "nu_excess", "alpha", "beta")
# Random-walk steps per iteration of log(nu - shift) alone (after the
# independence step of (alpha, nu)) and of (delta0, log sigma0, log(nu -
# shift)): where the population is heavy-tailed, sigma0 and nu move together,
# and each step costs a tenth of an iteration (benchmarks/README.md).
_NU_STEPS = 3
_JOINT_STEPS = 3


class ChainRandom:
    """Random draws for every chain of a batch of posteriors, from one generator.

    The sampler's arrays have one row per chain; posterior ``g`` owns rows
    ``g * c`` to ``(g + 1) * c - 1`` (``c = chains_per_group``), and all of them
    advance in the same array operations. Standard normals and uniforms are
    served from pools drawn ahead, one generator call for many iterations of
    every chain: a call per update and posterior would cost more than the
    draws. The numbers depend on the seed and on the batch's posteriors, so a
    posterior sampled in a batch agrees with it sampled alone within Monte
    Carlo error, not draw for draw.

    Parameters
    ----------
    generator : numpy.random.Generator
    n_groups : int
        Posteriors of the batch.
    chains_per_group : int
        Chains (rows) of each posterior.
    """

    #: Draws of each pool made at a time (512 KiB): tens of iterations of a batch.
    POOL = 1 << 16

    def __init__(self, generator, n_groups, chains_per_group):
        self.generator = generator
        self.chains_per_group = int(chains_per_group)
        c = self.chains_per_group
        self.groups = [slice(g * c, (g + 1) * c) for g in range(int(n_groups))]
        self._pools = {
            "normal": [generator.standard_normal, np.empty(0), 0],
            "uniform": [generator.random, np.empty(0), 0],
        }

    @property
    def n_chains(self):
        """int: Chains of all posteriors."""
        return self.chains_per_group * len(self.groups)

    def _take(self, kind, size):
        """The next ``prod(size)`` values of a pool, refilled (its rest dropped) when short."""
        pool = self._pools[kind]
        count = size if isinstance(size, int) else math.prod(size)
        if pool[2] + count > pool[1].size:
            pool[1], pool[2] = pool[0](max(self.POOL, count)), 0
        start, pool[2] = pool[2], pool[2] + count
        return pool[1][start : start + count].reshape(size)

    def standard_normal(self, size):
        """Standard normal draws of shape ``size`` (first axis: chains)."""
        return self._take("normal", size)

    def random(self, size):
        """Uniform draws on [0, 1) of shape ``size``."""
        return self._take("uniform", size)

    def uniform(self, low, high, size):
        """Uniform draws on [low, high) of shape ``size``."""
        return low + (high - low) * self.random(size)

    def normal(self, loc, scale, size):
        """Normal draws of shape ``size``."""
        return loc + scale * self.standard_normal(size)

    def standard_gamma(self, shape, size=None):
        """Gamma(``shape``, 1) draws of shape ``size`` (that of ``shape`` when None)."""
        if np.ndim(shape) and size is None:
            size = np.shape(shape)
        if np.ndim(shape) and (shape == shape.flat[0]).all():
            shape = shape.flat[0]  # one shape for all (data sets of one size): numpy's fast path
        return self.generator.standard_gamma(shape, size)

    def prior_shape_and_gamma(self, low, high, size):
        """A shape ``a ~ U(low, high)`` and a ``Gamma(a, 1)`` draw, ``size`` of each."""
        shape = self.uniform(low, high, size)
        return shape, self.standard_gamma(shape)

    def gamma(self, shape, scale):
        """Gamma(``shape``, ``scale``) draws, one per element of ``shape``."""
        return self.generator.gamma(shape, scale)

    def random_where(self, mask):
        """Uniforms for the True entries of ``mask``, in row-major order."""
        return self.random(int(mask.sum()))


@dataclass(frozen=True)
class HierarchicalData:
    """Per-data-set summaries and the prior's bounds, on the sampler's scale.

    Attributes
    ----------
    n, mean, sum_squares, rho : ndarray of shape (q,) or (n_chains, q)
        Number of differences, their mean, their sum of squared deviations
        and their correlation, per data set. With two dimensions every chain
        samples the posterior of its own collection (same prior bounds):
        simulation studies use this to fit many collections at once.
    sigma0_upper : float or ndarray of shape (n_chains,)
        Upper bound of the uniform prior of ``sigma0``.
    sigma_lower, sigma_upper : float or ndarray of shape (n_chains,)
        Bounds of the uniform prior of every ``sigma_i``.
    nu_shift : float
        0 for ``nu ~ Gamma(alpha, beta)``, 1 for ``nu = 1 + Gamma(alpha, beta)``.
    alpha_bounds, beta_bounds : tuple of (float, float)
        The uniform hyper-priors of the gamma prior's shape and rate.
    """

    n: np.ndarray
    mean: np.ndarray
    sum_squares: np.ndarray
    rho: np.ndarray
    sigma0_upper: float
    sigma_lower: float
    sigma_upper: float
    nu_shift: float = 0.0
    alpha_bounds: tuple = ALPHA_BOUNDS
    beta_bounds: tuple = BETA_BOUNDS

    @cached_property
    def within(self):
        """``A_i = SS_i / (1 - rho_i)``: the part of the quadratic form free of ``delta_i``."""
        return self.sum_squares / (1.0 - self.rho)

    @cached_property
    def mean_weight(self):
        """``B_i = n_i / (1 + (n_i - 1) rho_i)``: ``mean_i`` has variance ``sigma_i**2 / B_i``."""
        return self.n / (1.0 + (self.n - 1.0) * self.rho)


@dataclass
class _State:
    """Current values of every chain (mutated in place by the updates)."""

    delta0: np.ndarray
    sigma0: np.ndarray
    nu_excess: np.ndarray  # nu - shift, the variable with the Gamma prior
    alpha: np.ndarray
    beta: np.ndarray
    delta: np.ndarray
    sigma: np.ndarray
    scales: np.ndarray  # the mixing variables lambda_i


_STATE_FIELDS = tuple(field.name for field in fields(_State))
#: The fields of HierarchicalData with a row per chain once groups are stacked.
_DATA_ROWS = ("n", "mean", "sum_squares", "rho", "sigma0_upper", "sigma_lower", "sigma_upper")


def truncated_normal(mean, sd, low, high, rng):
    """Draws of ``N(mean, sd**2)`` restricted to ``[low, high]``.

    As in :func:`truncated_gamma`, a plain draw is kept when it falls inside
    and the others are redrawn by inverse CDF. The inversion works in log
    space (``log_ndtr``, ``ndtri_exp``), so an interval far in a tail is
    sampled accurately. (``scipy.stats.truncnorm.rvs`` would do, at about
    350 µs a call; the sampler makes several calls per iteration.)
    """
    x = mean + sd * rng.standard_normal(np.broadcast_shapes(np.shape(mean), np.shape(sd)))
    outside = (x < low) | (x > high)
    if outside.any():
        mean, sd, low, high = (np.broadcast_to(v, x.shape) for v in (mean, sd, low, high))
        a = (low[outside] - mean[outside]) / sd[outside]
        b = (high[outside] - mean[outside]) / sd[outside]
        # Reflect intervals lying mostly above 0, so the sampled tail is the lower one.
        flip = a + b > 0
        a, b = np.where(flip, -b, a), np.where(flip, -a, b)
        log_b = special.log_ndtr(b)
        ratio = np.exp(special.log_ndtr(a) - log_b)
        u = rng.random_where(outside)
        z = special.ndtri_exp(log_b + np.log(ratio + u * (1.0 - ratio)))
        z = np.clip(z, a, b)  # rounding at the ends of the interval
        x[outside] = mean[outside] + sd[outside] * np.where(flip, -z, z)
    return x


def truncated_gamma(shape, rate, low, high, rng):
    """Draws of ``Gamma(shape, rate)`` restricted to ``[low, high]``.

    A plain gamma draw is kept when it falls inside (almost always, for the
    wide bounds of this model); the others are redrawn by inverse CDF from the
    truncated distribution, which leaves the result exactly distributed. The
    inverse CDF uses the complemented incomplete gamma function in the upper
    tail, so an interval far above the mode keeps its digits.
    """
    x = rng.standard_gamma(shape, np.shape(rate)) / rate
    outside = (x < low) | (x > high)
    if outside.any():
        shape, rate, low, high = (
            np.broadcast_to(v, x.shape)[outside] for v in (shape, rate, low, high)
        )
        x[outside] = _gamma_inverse_cdf(shape, rate, low, high, rng.random_where(outside))
    return x


def truncated_gamma_by_inversion(shape, rate, low, high, rng):
    """Inverse-CDF draws of ``Gamma(shape, rate)`` restricted to ``[low, high]``."""
    shape, rate, low, high = np.broadcast_arrays(shape, rate, low, high)
    return _gamma_inverse_cdf(shape, rate, low, high, rng.random(shape.shape))


def _gamma_inverse_cdf(shape, rate, low, high, u):
    """The ``u``-quantiles of ``Gamma(shape, rate)`` restricted to ``[low, high]``."""
    shape, rate, low, high, u = np.broadcast_arrays(shape, rate, low, high, u)
    with np.errstate(invalid="ignore", divide="ignore"):
        p_low, p_high = special.gammainc(shape, rate * low), special.gammainc(shape, rate * high)
        x = special.gammaincinv(shape, p_low + u * (p_high - p_low))
        # Above the median, the complements keep the digits the CDF loses.
        upper = p_low > 0.5
        if upper.any():
            a, low_rate, high_rate = shape[upper], (rate * low)[upper], (rate * high)[upper]
            q_low, q_high = special.gammaincc(a, low_rate), special.gammaincc(a, high_rate)
            x[upper] = special.gammainccinv(a, q_high + u[upper] * (q_low - q_high))
        x = x / rate
    # Both tail masses underflow only when the interval is hopelessly far
    # out; the distribution then sits at its near end.
    x = np.where(np.isfinite(x), x, low)
    return np.clip(x, low, high)


def _student_kernel(z2, nu, z2_factor=1.0):
    """``sum_i log t(z_i; nu)`` per chain, ``z_i**2 = z2_factor * z2[:, i]``.

    ``log t(z; nu) = -log B(nu/2, 1/2) - log(nu)/2 - (nu + 1)/2 log(1 + z**2/nu)``
    (``Gamma(1/2) = sqrt(pi)`` absorbs the ``pi``): one call of ``betaln``
    where the Gamma functions would take two of ``gammaln``. ``z2_factor``
    (one per chain) rescales the effects at no extra cost.
    """
    q = z2.shape[1]
    return -q * (special.betaln(0.5 * nu, 0.5) + 0.5 * np.log(nu)) - 0.5 * (nu + 1.0) * np.log1p(
        z2 * (z2_factor / nu)[:, None]
    ).sum(axis=1)


def _log_top_density(state, data, delta0, log_sigma0, log_nu_excess, kernel=None):
    """Log density of ``(delta0, log sigma0, log(nu - shift))`` given delta, alpha, beta.

    The mixing variables are integrated out, so every ``delta_i`` has its
    Student-t density; ``log_sigma0`` and ``log_nu_excess`` are the Jacobians
    of the log transforms (``sigma0`` has a flat prior, ``nu - shift`` a Gamma
    one). ``kernel``: :func:`_student_kernel` at these values, if known.
    """
    sigma0 = np.exp(log_sigma0)
    nu_excess = np.exp(log_nu_excess)
    q = state.delta.shape[1]
    if kernel is None:
        # The division by sigma0 rides in the kernel's factor: one pass fewer.
        kernel = _student_kernel(
            (state.delta - delta0[:, None]) ** 2, nu_excess + data.nu_shift, sigma0**-2.0
        )
    log_density = (
        kernel
        - (q - 1) * log_sigma0  # the t densities' 1/sigma0, and the Jacobian
        + state.alpha * log_nu_excess
        - state.beta * nu_excess
    )
    inside = (np.abs(delta0) < 1.0) & (sigma0 < data.sigma0_upper) & ~np.isnan(log_density)
    return np.where(inside, log_density, -np.inf)


def _group_means(values, groups):
    """The mean of ``values`` (one per chain) over each group's chains."""
    return values.reshape(len(groups), -1).mean(axis=1)


def _update_nu(state, data, step, rng, n_steps=None, slope=0.0):
    """``(alpha, nu)`` from their prior, then random-walk steps on ``log(nu - shift)``.

    The mixing variables are integrated out: given ``delta``, ``delta0`` and
    ``sigma0``, the data speak of ``nu`` through the Student-t density of the
    effects alone. The first step is a Metropolis-Hastings step that proposes
    ``alpha ~ U(alpha_bounds)`` and ``nu - shift ~ Gamma(alpha, beta)``,
    their prior given ``beta``: where the effects say little of ``nu`` (the
    posterior of ``nu`` is mostly its prior), it makes nearly independent
    draws of the pair that a step of either alone, given the other, cannot.

    In every step ``log sigma0`` moves with ``log(nu - shift)``, by ``slope``
    (one per chain: the slope of the first on the second in the warm-up; 0
    keeps ``sigma0``) times its change: where the population is heavy-tailed,
    a smaller ``nu`` goes with a smaller ``sigma0``, and a ``nu`` proposed
    with the old ``sigma0`` would mostly be refused. Given the two values of
    ``nu`` the move of ``log sigma0`` is a translation, so the acceptance
    ratio is that of the target alone: the effects' t densities and
    ``sigma0``'s flat prior in its log.

    ``step`` is each chain's step size of the random walk. Returns each
    chain's acceptance rate of the random walk, and the log t density of the
    effects at the final values (the joint move starts from it).
    """
    n_steps = _NU_STEPS if n_steps is None else n_steps
    q = state.delta.shape[1]
    # The squared deviations of the effects; their factor 1/sigma0**2 follows sigma0.
    z2 = (state.delta - state.delta0[:, None]) ** 2
    shift = data.nu_shift
    sigma0 = state.sigma0
    z2_factor = sigma0**-2.0
    current = np.log(state.nu_excess)
    current_likelihood = _student_kernel(z2, state.nu_excess + shift, z2_factor)
    current_likelihood[np.isnan(current_likelihood)] = -np.inf
    # What a step changes: log(nu - shift), sigma0, the effects' factor, their log t density.
    chain = (current, sigma0, z2_factor, current_likelihood)

    def propose(chain, log_nu_excess, nu_excess, change):
        """The values of ``chain`` at ``nu_excess`` (``log_nu_excess``, ``change``
        from the current log), and the log target's change (the t densities' and
        sigma0's).

        (A NaN density, nu overflowing, is refused: NaN < x is False.)
        """
        _, sigma0, z2_factor, current_likelihood = chain
        log_shift = slope * change
        candidate_sigma0 = sigma0 * np.exp(log_shift)
        candidate_factor = z2_factor * np.exp(-2.0 * log_shift)
        likelihood = _student_kernel(z2, nu_excess + shift, candidate_factor)
        log_ratio = likelihood - (q - 1) * log_shift - current_likelihood
        log_ratio = np.where(candidate_sigma0 < data.sigma0_upper, log_ratio, -np.inf)
        return (log_nu_excess, candidate_sigma0, candidate_factor, likelihood), log_ratio

    def kept(accept, candidate, chain):
        return tuple(np.where(accept, new, old) for new, old in zip(candidate, chain, strict=True))

    alpha, nu_excess = rng.prior_shape_and_gamma(*data.alpha_bounds, current.shape)
    nu_excess = nu_excess / state.beta
    log_nu_excess = np.log(nu_excess)
    candidate, log_ratio = propose(chain, log_nu_excess, nu_excess, log_nu_excess - current)
    accept = np.log(rng.random(current.shape)) < log_ratio
    state.alpha = np.where(accept, alpha, state.alpha)
    chain = kept(accept, candidate, chain)
    accepted = np.zeros(current.shape)
    for _ in range(n_steps):
        current = chain[0]
        change = step * rng.standard_normal(current.shape)
        log_nu_excess = current + change
        nu_excess = np.exp(log_nu_excess)
        candidate, log_ratio = propose(chain, log_nu_excess, nu_excess, change)
        log_ratio += state.alpha * change - state.beta * (nu_excess - np.exp(current))
        accept = np.log(rng.random(current.shape)) < log_ratio
        chain = kept(accept, candidate, chain)
        accepted += accept
    current, state.sigma0, _, current_likelihood = chain
    state.nu_excess = np.exp(current)
    return accepted / n_steps, current_likelihood


def _update_top_jointly(state, data, proposal_choleskys, rng, kernel=None, n_steps=None):
    """Random-walk Metropolis on ``(delta0, log sigma0, log(nu - shift))``, lambda integrated out.

    ``proposal_choleskys``, of shape ``(n_groups, 3, 3)``, holds each group's
    proposal factor; ``kernel`` the log t density of the effects at the
    current values, if known. ``n_steps`` steps (default :data:`_JOINT_STEPS`),
    each after the first starting from the density the previous one left.
    Returns every chain's share of accepted steps.
    """
    n_steps = _JOINT_STEPS if n_steps is None else n_steps
    current = np.column_stack([state.delta0, np.log(state.sigma0), np.log(state.nu_excess)])
    current_density = _log_top_density(state, data, *current.T, kernel=kernel)
    factors = proposal_choleskys.transpose(0, 2, 1)
    accepted = np.zeros(len(current))
    for _ in range(n_steps):
        noise = rng.standard_normal(current.shape).reshape(len(factors), -1, 3)
        candidate = current + np.matmul(noise, factors).reshape(-1, 3)
        candidate_density = _log_top_density(state, data, *candidate.T)
        accept = np.log(rng.random(current.shape[0])) < candidate_density - current_density
        current = np.where(accept[:, None], candidate, current)
        current_density = np.where(accept, candidate_density, current_density)
        accepted += accept
    # A chain that accepted nothing keeps its values exactly (not exp(log(x))).
    moved = accepted > 0
    state.delta0 = np.where(moved, current[:, 0], state.delta0)
    state.sigma0 = np.where(moved, np.exp(current[:, 1]), state.sigma0)
    state.nu_excess = np.where(moved, np.exp(current[:, 2]), state.nu_excess)
    return accepted / n_steps


#: Where the conditional density of each ``delta_i`` is evaluated, in units of
#: ``sigma0`` around ``delta0`` and of the mean's standard error around
#: ``mean_i``: 0.2 units apart at the centre, out to 1.3e4 units (beyond a Cauchy's
#: 0.99997 quantile), 21 points each. A delta_i beyond them blocks the move (its
#: reverse proposal has no density there) until it comes back.
_GRID_UNITS = 0.2 * np.sinh(np.linspace(-12.2, 12.2, 21)) / np.sinh(1.22)


@dataclass(frozen=True)
class _EffectsGrid:
    """Points at which every ``delta_i``'s conditional density is approximated.

    The conditional density of ``delta_i`` given everything but the mixing
    variables is ``t_nu(delta_i; delta0, sigma0) N(mean_i; delta_i, sigma_i**2 / B_i)``:
    one mode near ``delta0``, one near ``mean_i``, or both (a heavy-tailed
    prior and a data set far out). Points dense around both centres capture
    either shape; the parts that do not depend on ``nu`` are kept.
    """

    points: np.ndarray  # (..., n_chains, q, 42)
    squared_z: np.ndarray  # ((points - delta0) / sigma0)**2
    log_likelihood: np.ndarray  # log N(mean_i; point, se_i**2) + const

    @classmethod
    def around(cls, state, data, sigma0):
        """The grid of the current state, with ``sigma0`` (shape ``(..., n_chains)``: a
        grid for each) in place of its own."""
        standard_error = (state.sigma / np.sqrt(data.mean_weight))[..., None]
        around_mean = data.mean[..., None] + standard_error * _GRID_UNITS
        sigma0 = sigma0[..., None, None]
        around_top = state.delta0[:, None, None] + sigma0 * _GRID_UNITS
        shape = np.broadcast_shapes(around_top.shape, around_mean.shape)
        points = np.concatenate(
            [np.broadcast_to(around_top, shape), np.broadcast_to(around_mean, shape)], axis=-1
        )
        points.sort(axis=-1)
        return cls(
            points=points,
            squared_z=((points - state.delta0[:, None, None]) / sigma0) ** 2,
            log_likelihood=-0.5 * ((data.mean[..., None] - points) / standard_error) ** 2,
        )


def _log_conditional(squared_z, log_likelihood, nu):
    """``log t_nu(z) + log N``, without terms free of ``delta_i`` and ``nu``; ``nu`` per chain
    (its shape leads ``squared_z``'s)."""
    nu = nu.reshape(nu.shape + (1,) * (squared_z.ndim - nu.ndim))
    return (
        special.gammaln(0.5 * (nu + 1.0))
        - special.gammaln(0.5 * nu)
        - 0.5 * np.log(nu)
        - 0.5 * (nu + 1.0) * np.log1p(squared_z / nu)
        + log_likelihood
    )


def _log_gamma_prior(alpha, nu_excess, beta):
    """``log Gamma(nu - shift; alpha, rate=beta)``: the prior of ``nu`` given alpha and beta."""
    return (
        alpha * np.log(beta)
        + (alpha - 1.0) * np.log(nu_excess)
        - beta * nu_excess
        - special.gammaln(alpha)
    )


def _alpha_given_nu(nu_excess, beta, bounds):
    """Log-linear approximation of the conditional density of ``alpha``.

    ``p(alpha | nu, beta) ∝ (beta (nu - shift))**alpha / Gamma(alpha)`` is
    log-concave on the prior's interval and smooth: 24 points follow it closely.
    """
    points, log_gamma = _alpha_points(*bounds)
    log_rate = np.log(beta * nu_excess)[..., None]
    points = np.broadcast_to(points, (*np.shape(nu_excess), points.size))
    return PiecewiseLogLinear(points, points * log_rate - log_gamma)


@functools.lru_cache(maxsize=8)
def _alpha_points(low, high):
    """The 24 points of :func:`_alpha_given_nu` on ``[low, high]``, with their log
    Gamma (read-only: shared by every call)."""
    points = np.linspace(low, high, 24)
    log_gamma = special.gammaln(points)
    points.flags.writeable = log_gamma.flags.writeable = False
    return points, log_gamma


class _PopulationProposal:
    """Where the move across the modes draws ``(sigma0, alpha, nu - shift)`` from.

    An equal mixture of two proposals. A defensive one: ``(alpha, nu)`` from
    their prior given ``beta`` and ``log sigma0`` a random-walk step, which
    keeps every mode within reach. And one where the posterior is: ``(log
    sigma0, log(nu - shift))`` from a kernel density estimate of the warm-up's
    draws (each group its own, refitted on the adaptation windows and frozen
    with the warm-up), ``alpha`` from its conditional given that ``nu``.

    Parameters
    ----------
    centres : ndarray of shape (n_chains, k, 2) or None
        Warm-up values of ``(log sigma0, log(nu - shift))``; None uses the
        defensive proposal alone.
    bandwidths : ndarray of shape (n_chains, 2) or None
    step : ndarray of shape (n_chains,) or float
        Standard deviation of the random-walk step of ``log sigma0``.
    """

    def __init__(self, centres=None, bandwidths=None, step=0.5):
        self.centres = centres
        self.bandwidths = bandwidths
        self.step = step

    @classmethod
    def from_warmup(cls, history, groups, n_centres=64):
        """Fit each group's estimate to warm-up states, shape ``(window, n_chains, 3)``.

        ``history[..., 1:]`` holds ``(log sigma0, log(nu - shift))``.
        """
        centres, bandwidths, steps = [], [], []
        for rows in groups:
            values = history[:, rows, 1:].reshape(-1, 2)
            values = values[np.linspace(0, len(values) - 1, n_centres).astype(int)]
            spread = values.std(axis=0)
            # Silverman's rule, floored so that a chain stuck at one value still proposes.
            size = rows.stop - rows.start
            centres.append(np.broadcast_to(values, (size, n_centres, 2)))
            bandwidths.append(
                np.broadcast_to(np.maximum(1.06 * spread * n_centres**-0.2, 0.05), (size, 2))
            )
            steps.append(np.full(size, max(float(spread[0]), 0.1)))
        return cls(np.concatenate(centres), np.concatenate(bandwidths), np.concatenate(steps))

    def draw(self, state, data, rng):
        """Draw ``(sigma0, alpha, nu - shift)``, one per chain."""
        n_chains = state.alpha.shape[0]
        alpha, nu_excess = rng.prior_shape_and_gamma(*data.alpha_bounds, n_chains)
        nu_excess = nu_excess / state.beta
        sigma0 = state.sigma0 * np.exp(self.step * rng.standard_normal(n_chains))
        if self.centres is None:
            return sigma0, alpha, nu_excess
        pick = np.minimum(
            (rng.random(n_chains) * self.centres.shape[1]).astype(int), self.centres.shape[1] - 1
        )
        logs = self.centres[np.arange(n_chains), pick] + self.bandwidths * rng.standard_normal(
            (n_chains, 2)
        )
        estimate = rng.random(n_chains) < 0.5
        sigma0 = np.where(estimate, np.exp(logs[:, 0]), sigma0)
        nu_excess = np.where(estimate, np.exp(logs[:, 1]), nu_excess)
        alpha_given = _alpha_given_nu(nu_excess, state.beta, data.alpha_bounds)
        alpha = np.where(
            estimate, alpha_given.sample(rng.random(n_chains), rng.random(n_chains)), alpha
        )
        return sigma0, alpha, nu_excess

    def log_density(self, sigma0, alpha, nu_excess, sigma0_from, beta, data):
        """Log density of proposing ``(sigma0, alpha, nu - shift)`` from ``sigma0_from``,
        each of shape ``(..., n_chains)``: several proposals a chain at once."""
        low, high = data.alpha_bounds
        log_ratio = np.log(sigma0 / sigma0_from)
        defensive = (
            _log_gamma_prior(alpha, nu_excess, beta)
            - np.log(high - low)
            - 0.5 * (log_ratio / self.step) ** 2
            - np.log(self.step * np.sqrt(2.0 * np.pi) * sigma0)
        )
        if self.centres is None:
            return defensive
        logs = np.log(np.stack([sigma0, nu_excess], axis=-1))
        z = (logs[..., None, :] - self.centres) / self.bandwidths[:, None, :]
        exponents = -0.5 * (z * z).sum(axis=-1)
        top = exponents.max(axis=-1)
        estimate = (
            top
            + np.log(np.exp(exponents - top[..., None]).sum(axis=-1))
            - np.log(self.centres.shape[1] * 2.0 * np.pi * self.bandwidths.prod(axis=1))
            - logs.sum(axis=-1)  # from the logs to sigma0 and nu - shift
        )
        alpha_given = _alpha_given_nu(nu_excess, beta, data.alpha_bounds)
        estimate = estimate + alpha_given.log_density(alpha)
        return np.logaddexp(defensive, estimate) - np.log(2.0)


def _update_population_with_effects(state, data, proposal, rng):
    """Metropolis-Hastings move of ``(sigma0, alpha, nu)`` that redraws every ``delta_i`` with them.

    Where most ``delta_i`` are held near ``delta0`` by a small ``sigma0``, and
    a few data sets lie far out, the posterior has two modes: ``nu`` near 1
    (those data sets in the Student-t's tails) and ``nu`` large (their
    ``delta_i`` pulled in). A move of ``nu`` that keeps ``delta`` fixed, or
    one that keeps their standardised values fixed, cannot cross: each
    ``delta_i`` has to change mode with ``nu``. This move draws
    ``(sigma0', alpha', nu')`` from ``proposal`` (:class:`_PopulationProposal`),
    then every ``delta_i'`` from an approximation of its conditional density
    given them (:class:`_EffectsGrid`, log-linear between the points), and
    accepts with the exact Metropolis-Hastings ratio, whose reverse terms use
    the same approximations at the current values. The mixing variables are
    integrated out (the next update redraws them).
    """
    sigma0, alpha, nu_excess = proposal.draw(state, data, rng)
    # The candidate's side and the current one's, stacked: each array operation serves
    # both (index 0 the candidate, 1 the current state).
    sigmas = np.stack([sigma0, state.sigma0])
    excess = np.stack([nu_excess, state.nu_excess])
    nus = excess + data.nu_shift
    grids = _EffectsGrid.around(state, data, sigmas)
    approximations = PiecewiseLogLinear(
        grids.points, _log_conditional(grids.squared_z, grids.log_likelihood, nus)
    )
    shape = state.delta.shape
    delta = approximations.part(0).sample(rng.random(shape), rng.random(shape))
    # log p(sigma0, alpha, nu, delta | rest) - log q(delta | sigma0, alpha, nu), each side
    deltas = np.stack([delta, state.delta])
    z2 = ((deltas - state.delta0[:, None]) / sigmas[..., None]) ** 2
    likelihood = -0.5 * data.mean_weight * ((data.mean - deltas) / state.sigma) ** 2
    effects = _log_conditional(z2, likelihood, nus)
    effects = effects - approximations.log_density(deltas) - np.log(sigmas)[..., None]
    alphas = np.stack([alpha, state.alpha])
    # ... + log p(nu | alpha, beta) - log q(sigma0, alpha, nu), proposed from the other side.
    weights = (
        effects.sum(axis=-1)
        + _log_gamma_prior(alphas, excess, state.beta)
        - proposal.log_density(sigmas, alphas, excess, sigmas[::-1], state.beta, data)
    )
    weights = np.where(sigmas < data.sigma0_upper, weights, -np.inf)
    log_ratio = weights[0] - weights[1]
    log_ratio = np.where(np.isnan(log_ratio), -np.inf, log_ratio)
    accept = np.log(rng.random(shape[0])) < log_ratio
    state.sigma0 = np.where(accept, sigma0, state.sigma0)
    state.alpha = np.where(accept, alpha, state.alpha)
    state.nu_excess = np.where(accept, nu_excess, state.nu_excess)
    state.delta = np.where(accept[:, None], delta, state.delta)


def _update_scales(state, data, rng):
    """``lambda_i`` given the rest, then ``sigma0`` and every ``lambda_i`` rescaled together.

    ``lambda_i ~ Gamma((nu+1)/2, rate=(nu + z_i**2)/2)``, with ``z_i =
    (delta_i - delta0)/sigma0``. Then a move along ``(sigma0, lambda) ->
    (c sigma0, c**2 lambda)``, which leaves every ``delta_i``'s prior
    ``N(delta0, sigma0**2/lambda_i)`` as it is: where the population is
    heavy-tailed, the ``lambda_i`` lie far from 1 and their overall size and
    ``sigma0`` move only together (parameter expansion, Liu & Wu, 1999). Drawn
    as a generalised Gibbs step (Liu & Sabatti, 2000): ``c`` has density
    proportional to ``p(c sigma0, c**2 lambda | rest) c**(2q+1) / c`` (the
    Jacobian of the move and the Haar measure of scaling), so that
    ``c**2 ~ Gamma((q nu + 1)/2, rate=nu sum(lambda)/2)`` truncated to
    ``c sigma0 < sigma0_upper``. Its gamma draw is made in the same call as
    the ``lambda_i``'s.
    """
    nu = state.nu_excess + data.nu_shift
    z = (state.delta - state.delta0[:, None]) / state.sigma0[:, None]
    q = z.shape[1]
    shapes = np.empty((z.shape[0], q + 1))
    shapes[:, :q] = 0.5 * (nu + 1.0)[:, None]
    shapes[:, q] = 0.5 * (q * nu + 1.0)
    gammas = rng.standard_gamma(shapes)
    scales = gammas[:, :q] / (0.5 * (nu[:, None] + z * z))
    rate = 0.5 * nu * scales.sum(axis=1)
    factor = gammas[:, q] / rate  # c**2
    limit = (data.sigma0_upper / state.sigma0) ** 2
    over = factor > limit
    if over.any():
        factor[over] = _gamma_inverse_cdf(
            shapes[over, q],
            rate[over],
            0.0,
            np.broadcast_to(limit, over.shape)[over],
            rng.random_where(over),
        )
    state.scales = scales * factor[:, None]
    state.sigma0 = np.maximum(state.sigma0 * np.sqrt(factor), _SIGMA0_FLOOR * data.sigma0_upper)


#: Lowest ``sigma0``, as a share of its prior's upper bound.
_SIGMA0_FLOOR = 1e-12


def _update_top_centred(state, data, rng):
    """``delta0`` then ``sigma0`` given delta and lambda (conjugate, truncated to the prior)."""
    weights = state.scales
    total = weights.sum(axis=1)
    centre = (weights * state.delta).sum(axis=1) / total
    state.delta0 = truncated_normal(centre, state.sigma0 / np.sqrt(total), -1.0, 1.0, rng)
    # p(sigma0) ∝ sigma0**-q exp(-S / (2 sigma0**2)) on (0, upper):
    # precision 1/sigma0**2 is Gamma((q - 1)/2, rate S/2) above 1/upper**2.
    spread = (weights * (state.delta - state.delta0[:, None]) ** 2).sum(axis=1)
    q = state.delta.shape[1]
    precision = truncated_gamma(0.5 * (q - 1.0), 0.5 * spread, data.sigma0_upper**-2.0, np.inf, rng)
    # Every delta_i on delta0 (no spread) would give an infinite precision: the
    # floor of the non-centred update keeps sigma0 positive.
    state.sigma0 = np.maximum(1.0 / np.sqrt(precision), _SIGMA0_FLOOR * data.sigma0_upper)


def _update_top_noncentred(state, data, rng):
    """``delta0`` then ``sigma0`` given the standardised effects; delta moves with them.

    With ``delta_i = delta0 + sigma0 * eta_i`` and ``mean_i ~ N(delta_i,
    sigma_i**2 / B_i)``, both conditionals are normal; ``eta`` has a prior free
    of ``(delta0, sigma0)``, so no Jacobian enters.
    """
    eta = (state.delta - state.delta0[:, None]) / state.sigma0[:, None]
    weights = data.mean_weight / state.sigma**2  # 1 / Var(mean_i | delta_i)
    total = weights.sum(axis=1)
    centre = (weights * (data.mean - state.sigma0[:, None] * eta)).sum(axis=1) / total
    state.delta0 = truncated_normal(centre, 1.0 / np.sqrt(total), -1.0, 1.0, rng)
    residual = data.mean - state.delta0[:, None]
    information = (weights * eta * eta).sum(axis=1)
    # Where every standardised effect is 0 (sigma0 at its floor, each delta_i
    # rounded onto delta0), sigma0 leaves the likelihood: its conditional is
    # its prior, U(0, upper), drawn below (0 / 0 would make it NaN).
    flat = ~(information > 0)
    information = np.where(flat, 1.0, information)
    slope = (weights * eta * residual).sum(axis=1) / information
    state.sigma0 = truncated_normal(slope, 1.0 / np.sqrt(information), 0.0, data.sigma0_upper, rng)
    if flat.any():
        upper = np.broadcast_to(data.sigma0_upper, flat.shape)[flat]
        state.sigma0[flat] = upper * rng.random_where(flat)
    # A draw at (or rounded to) 0 would make the standardised effects of the
    # next iteration overflow; the floor cuts off a prior mass of 1e-12.
    state.sigma0 = np.maximum(state.sigma0, _SIGMA0_FLOOR * data.sigma0_upper)
    state.delta = state.delta0[:, None] + state.sigma0[:, None] * eta


def _update_delta(state, data, rng):
    """``delta_i`` given everything else: a product of two normals."""
    data_precision = data.mean_weight / state.sigma**2
    prior_precision = state.scales / state.sigma0[:, None] ** 2
    precision = data_precision + prior_precision
    centre = (data_precision * data.mean + prior_precision * state.delta0[:, None]) / precision
    state.delta = centre + rng.standard_normal(centre.shape) / np.sqrt(precision)


def _update_sigma(state, data, rng):
    """``sigma_i`` given delta_i: ``1/sigma_i**2`` is Gamma((n_i - 1)/2, rate C_i/2), truncated.

    ``C_i = A_i + B_i (mean_i - delta_i)**2``. The likelihood's ``sigma_i**-n_i``
    times the Jacobian ``|d sigma / d tau| ∝ tau**-1.5`` of ``tau = 1/sigma**2``
    gives ``tau**((n_i - 3)/2)``: shape ``(n_i - 1)/2``.
    """
    quadratic = data.within + data.mean_weight * (data.mean - state.delta) ** 2
    lower = np.asarray(data.sigma_lower, dtype=float)
    high = np.where(lower > 0, lower**-2.0, np.inf)
    precision = truncated_gamma(
        0.5 * (data.n - 1.0),
        0.5 * quadratic,
        _per_chain(data.sigma_upper) ** -2.0,
        _per_chain(high),
        rng,
    )
    state.sigma = 1.0 / np.sqrt(precision)


def _update_gamma_parameters(state, data, rng):
    """``alpha``, then ``beta ~ Gamma(alpha + 1, rate=nu - shift)`` truncated to its prior.

    ``alpha`` given ``beta`` and ``nu`` has density proportional to
    ``(beta (nu - shift))**alpha / Gamma(alpha)`` on its prior's interval: a
    broad function (one observation informs it), so an independence
    Metropolis step proposing from the prior accepts often and costs one
    density evaluation. (Where ``nu - shift`` is near 0 it pins ``alpha`` near
    its lower bound and the step is mostly refused; the move across the modes
    then proposes ``alpha`` from its conditional.)
    """
    log_rate = np.log(state.beta * state.nu_excess)
    candidate = rng.uniform(*data.alpha_bounds, state.alpha.shape)
    log_ratio = (candidate - state.alpha) * log_rate - (
        special.gammaln(candidate) - special.gammaln(state.alpha)
    )
    accept = np.log(rng.random(state.alpha.shape)) < log_ratio
    state.alpha = np.where(accept, candidate, state.alpha)
    # The interval is narrow, so an untruncated draw would rarely fall in it.
    state.beta = truncated_gamma_by_inversion(
        state.alpha + 1.0, state.nu_excess, *data.beta_bounds, rng
    )


#: The range of ``nu - shift`` over which a posterior's chains start, spread evenly
#: in its log: from a Cauchy population to a nearly normal one.
_NU_EXCESS_STARTS = (0.05, 200.0)


def _initial_state(data, rng):
    """Over-dispersed starting points, so that R-hat can detect poor mixing.

    A posterior's chains start spread over ``log(nu - shift)`` (strata of
    :data:`_NU_EXCESS_STARTS`, one a chain), with ``sigma0`` going from the
    spread of the core of the means (their MAD) at the smallest ``nu`` to their
    whole spread at the largest: where ``nu`` has two modes, some chains start
    in each, and a chain that misses one shows in R-hat.
    """
    n_chains, c = rng.n_chains, rng.chains_per_group
    q = data.mean.shape[-1]
    mean, n, sum_squares = (
        np.broadcast_to(v, (n_chains, q)) for v in (data.mean, data.n, data.sum_squares)
    )
    within = np.sqrt(sum_squares / (n - 1.0))
    floor = np.maximum((within / np.sqrt(n)).mean(axis=1), 1e-3 * data.sigma0_upper)
    scale = np.maximum(mean.std(axis=1), floor)
    deviation = np.abs(mean - np.median(mean, axis=1, keepdims=True))
    core = np.clip(1.4826 * np.median(deviation, axis=1), 1e-3 * scale, scale)
    share = (np.arange(n_chains) % c + rng.random(n_chains)) / c
    low, high = np.log(_NU_EXCESS_STARTS)
    log_sigma0 = np.log(core) + share * (np.log(scale) - np.log(core))
    delta0 = np.clip(mean.mean(axis=1) + scale * rng.standard_normal(n_chains), -0.99, 0.99)
    sigma0 = np.exp(log_sigma0 + rng.normal(0.0, 0.25, n_chains))
    sigma0 = np.minimum(sigma0, 0.5 * data.sigma0_upper)
    return _State(
        delta0=delta0,
        sigma0=sigma0,
        nu_excess=np.exp(low + share * (high - low)),
        alpha=rng.uniform(*data.alpha_bounds, n_chains),
        beta=rng.uniform(*data.beta_bounds, n_chains),
        delta=mean.copy(),
        sigma=np.clip(
            within, 2.0 * _per_chain(data.sigma_lower), 0.5 * _per_chain(data.sigma_upper)
        ),
        scales=np.ones((n_chains, q)),
    )


def _per_chain(bound):
    """A bound given per chain, as a column that broadcasts against ``(n_chains, q)``."""
    bound = np.asarray(bound, dtype=float)
    return bound[:, None] if bound.ndim == 1 else bound


def _stack(datas, chains_per_group):
    """One :class:`HierarchicalData` with a row per chain, from one per group.

    Every group's summaries and bounds are repeated for its chains, so that
    all groups advance in the same array operations.
    """
    q = datas[0].mean.shape[-1]
    priors = {(float(d.nu_shift), tuple(d.alpha_bounds), tuple(d.beta_bounds)) for d in datas}
    if len(priors) != 1 or any(data.mean.shape[-1] != q for data in datas):
        raise ValueError("Groups sampled together need the same number of data sets and prior.")
    nu_shift, alpha_bounds, beta_bounds = priors.pop()

    def rows(name, shape):
        return np.concatenate(
            [np.broadcast_to(np.asarray(getattr(data, name), float), shape) for data in datas]
        )

    matrix, vector = (chains_per_group, q), (chains_per_group,)
    return HierarchicalData(
        n=rows("n", matrix),
        mean=rows("mean", matrix),
        sum_squares=rows("sum_squares", matrix),
        rho=rows("rho", matrix),
        sigma0_upper=rows("sigma0_upper", vector),
        sigma_lower=rows("sigma_lower", vector),
        sigma_upper=rows("sigma_upper", vector),
        nu_shift=nu_shift,
        alpha_bounds=alpha_bounds,
        beta_bounds=beta_bounds,
    )


def _proposal_shape(history, fallback):
    """Cholesky factor of the covariance of recent warm-up states (Haario et al., 2001)."""
    covariance = np.cov(history.reshape(-1, 3), rowvar=False) + 1e-12 * np.eye(3)
    try:
        return np.linalg.cholesky(covariance)
    except np.linalg.LinAlgError:
        return fallback


#: A collection gets the move across the modes of nu when the median absolute
#: deviation of its mean differences is below this share of their standard
#: deviation (normal means give about 0.67, a t with 3 degrees of freedom 0.44,
#: the tutorial's real pairs of different classifiers 0.28-0.43; the
#: near-identical collections whose nu has two modes 0.01-0.10, the real pair of
#: near-identical classifiers j48 and j48gr 0.085) ...
_OUTLYING_CORE_RATIO = 0.2
#: ... and the standard errors of its data sets' means span more than this
#: factor (a core known far more precisely than the rest: 55-104 on those
#: collections, at most 6.2 on synthetic heavy-tailed ones whose ratio above
#: goes down to 0.05, where the other moves sample nu's single mode;
#: benchmarks/README.md).
_PRECISION_SPAN = 20.0


def has_outlying_core(data):
    """Whether the data sets form a tight, precisely known core with a few far out.

    That shape lets a Cauchy population (``nu`` near 1, ``sigma0`` the core's
    tiny width) and a normal one (``nu`` large, ``sigma0`` the whole spread)
    both explain the data: two modes of ``nu``, orders of magnitude apart in
    ``sigma0``, that the sampler crosses only with the move across the modes.
    Near-identical models give it (data sets where they agree on every split
    or all but a few, and others where they differ). Heavy tails alone do not:
    where every data set is known about as precisely, the posterior of ``nu``
    has one mode, which the other moves sample; nor do real collections of
    different classifiers, whose standard errors span orders of magnitude but
    whose means have no tight core (the tutorial's nine such pairs mix without
    the move, ``benchmarks/README.md``).
    The test reads the data alone, so a collection sampled in a batch or by
    itself gets the same moves. With a collection per chain (2-D
    ``data.mean``), any row that has the shape decides.

    Parameters
    ----------
    data : HierarchicalData

    Returns
    -------
    bool
        ``MAD(mean) < 0.2 SD(mean)`` and ``max(se) > 20 min(se)``, with
        ``se_i = sqrt(SS_i / (n_i - 1) / B_i)`` the standard error of
        ``mean_i``; True when every mean is equal (no spread to judge by).
    """
    means = np.atleast_2d(data.mean)
    spread = means.std(axis=1)
    deviation = np.median(np.abs(means - np.median(means, axis=1, keepdims=True)), axis=1)
    variance = np.broadcast_to(data.sum_squares / (data.n - 1.0) / data.mean_weight, means.shape)
    errors = np.sqrt(variance)
    with np.errstate(divide="ignore", invalid="ignore"):
        span = errors.max(axis=1) / errors.min(axis=1)
    tight = ~(deviation >= _OUTLYING_CORE_RATIO * spread) & ~(span <= _PRECISION_SPAN)
    return bool(np.any(tight | (spread == 0)))


def _rows(values, rows):
    """``values[rows]`` for an array with a row per chain; a scalar as it is."""
    return values[rows] if np.ndim(values) else values


def _update_population_of_rows(state, data, proposal, rng, rows):
    """:func:`_update_population_with_effects` for the chains ``rows`` alone (None: all).

    ``data`` and ``proposal`` are those rows' already (:func:`_select_rows`); the
    other chains keep their values.
    """
    if rows is None:
        _update_population_with_effects(state, data, proposal, rng)
        return
    part = _State(**{name: getattr(state, name)[rows] for name in _STATE_FIELDS})
    _update_population_with_effects(part, data, proposal, rng)
    for name in _STATE_FIELDS:
        values = getattr(state, name).copy()
        values[rows] = getattr(part, name)
        setattr(state, name, values)


def _select_rows(data, proposal, rows):
    """``data`` and ``proposal`` of the chains ``rows`` (None: all of them)."""
    if rows is None:
        return data, proposal
    return replace(data, **{name: _rows(getattr(data, name), rows) for name in _DATA_ROWS}), (
        _PopulationProposal(
            *(None if v is None else v[rows] for v in (proposal.centres, proposal.bandwidths)),
            step=_rows(proposal.step, rows),
        )
    )


def sample_posteriors(datas, *, n_chains, n_warmup, n_samples, rng):
    """Sample several posteriors at once, each with its own chains and adaptation.

    All posteriors advance in the same array operations and draw from one
    generator (:class:`ChainRandom`); each adapts its own proposals in the
    warm-up.

    Parameters
    ----------
    datas : list of HierarchicalData
        One per posterior, with the same number of data sets and nu prior.
    n_chains, n_warmup, n_samples : int
        Chains per posterior, warm-up iterations and kept draws per chain.
    rng : numpy.random.Generator

    Returns
    -------
    list of (dict, float)
        Each posterior's draws and the acceptance rate of its joint
        Metropolis move after warm-up. The draws: ``delta0``, ``sigma0``,
        ``nu``, ``alpha``, ``beta`` of shape ``(n_chains, n_samples)`` and
        ``delta`` of shape ``(n_chains, n_samples, q)``.
    """
    q = datas[0].mean.shape[-1]
    rng = ChainRandom(rng, len(datas), n_chains)
    groups = rng.groups
    moved = [g for g, group in enumerate(datas) if has_outlying_core(group)]
    moved_rows = (
        None
        if len(moved) in (0, len(groups))
        else np.concatenate([np.arange(groups[g].start, groups[g].stop) for g in moved])
    )
    data = _stack(datas, n_chains)
    state = _initial_state(data, rng)
    # Each group's joint move: a shape from its warm-up states (re-estimated on
    # doubling windows) times a factor steered towards 23% acceptance
    # (Robbins-Monro); both are frozen when the warm-up ends.
    shapes = np.stack(
        [np.diag([0.1 * max(float(np.std(group.mean)), 1e-3), 0.3, 0.3]) for group in datas]
    )
    log_factor = np.zeros(len(groups))
    slopes = np.zeros(rng.n_chains)  # each group's, a row per chain
    log_nu_step = np.zeros(len(groups))
    history = np.empty((n_warmup, rng.n_chains, 3))
    next_reshape = _ADAPT_START
    population_proposal = _PopulationProposal()
    moved_inputs = _select_rows(data, population_proposal, moved_rows)
    draws = {name: np.empty((rng.n_chains, n_samples)) for name in _SCALARS}
    draws["delta"] = np.empty((rng.n_chains, n_samples, q))
    accepted = np.zeros(len(groups))
    with np.errstate(divide="ignore", over="ignore", under="ignore"):
        for iteration in range(n_warmup + n_samples):
            nu_accept, kernel = _update_nu(
                state,
                data,
                np.repeat(np.exp(log_nu_step), n_chains),
                rng,
                slope=slopes,
            )
            proposals = np.exp(log_factor)[:, None, None] * shapes
            accept = _update_top_jointly(state, data, proposals, rng, kernel)
            if moved and iteration % _POPULATION_MOVE_EVERY == 0:
                _update_population_of_rows(state, *moved_inputs, rng, moved_rows)
            _update_scales(state, data, rng)
            _update_top_centred(state, data, rng)
            _update_top_noncentred(state, data, rng)
            _update_delta(state, data, rng)
            _update_sigma(state, data, rng)
            _update_gamma_parameters(state, data, rng)
            if iteration < n_warmup:
                history[iteration] = np.column_stack(
                    [state.delta0, np.log(state.sigma0), np.log(state.nu_excess)]
                )
                log_factor += (_group_means(accept, groups) - 0.234) / np.sqrt(iteration + 1.0)
                log_nu_step += (_group_means(nu_accept, groups) - 0.44) / np.sqrt(iteration + 1.0)
                if iteration + 1 == next_reshape:
                    window = history[next_reshape // 2 : iteration + 1]
                    shapes = np.stack(
                        [
                            _proposal_shape(window[:, rows], shape)
                            for rows, shape in zip(groups, shapes, strict=True)
                        ]
                    )
                    # The slope of log sigma0 on log(nu - shift) in the same window
                    # (bounded: in a window where nu hardly moved it means little).
                    covariances = shapes @ shapes.transpose(0, 2, 1)
                    slopes = np.repeat(
                        np.clip(covariances[:, 1, 2] / covariances[:, 2, 2], -2.0, 2.0), n_chains
                    )
                    if moved:  # only the move across the modes proposes from it
                        population_proposal = _PopulationProposal.from_warmup(window, groups)
                        moved_inputs = _select_rows(data, population_proposal, moved_rows)
                    next_reshape *= 2
                continue
            kept = iteration - n_warmup
            accepted += accept.reshape(len(groups), -1).sum(axis=1)
            for name in _SCALARS:
                draws[name][:, kept] = getattr(state, name)
            draws["delta"][:, kept] = state.delta
    draws["nu"] = draws.pop("nu_excess") + data.nu_shift
    rates = accepted / (n_chains * n_samples) if n_samples else np.full(len(groups), np.nan)
    return [
        ({name: values[rows] for name, values in draws.items()}, float(rate))
        for rows, rate in zip(groups, rates, strict=True)
    ]
