"""Fingerprints that cover code: what the split cache keys on.

A pickle names a class or a function, it does not hold its code, so a cache
keyed on pickled arguments (what :class:`joblib.Memory` does) serves old
scores after the body of a custom scorer or estimator changed. The hash here
walks an object as pickle does, but replaces every class and function by what
decides its behaviour:

- code from an installed distribution (scikit-learn, NumPy, xgboost...) by its
  module, name and the distribution's version; the standard library by the
  Python version;
- any other Python code (a script, a notebook, a local module, an editable
  install) by its bytecode, the constants and defaults it uses, the values of
  its closure and of the globals it reads, recursively; a class by the code
  of its methods and its class attributes, and by its bases;
- what that code reads from local modules, followed through the bytecode:
  attribute chains (``config.WEIGHT``, ``pkg.sub.f``) and names imported
  inside its body (``from helper import FACTOR``), by their values now, so
  that an attribute set at run time or a submodule's edited function counts;
- a wrapper (``functools.lru_cache``, ``functools.wraps``) through the
  function it wraps (``__wrapped__``);
- compiled code outside any distribution by the bytes of its module's file.

An object that cannot be walked (a lock, an open file, compiled code without
a file) raises :class:`CannotFingerprint`, naming it.
"""

import builtins
import dis
import functools
import hashlib
import importlib.metadata
import os
import platform
import site
import sys
import sysconfig
import types
from pathlib import Path

from joblib.hashing import NumpyHasher


class CannotFingerprint(ValueError):
    """An object whose code or state the fingerprint cannot cover."""


#: Class attributes that do not decide behaviour (or that pickle cannot walk).
_SKIPPED_CLASS_ATTRIBUTES = frozenset(
    {
        "__dict__",
        "__weakref__",
        "__doc__",
        "__module__",
        "__qualname__",
        "__annotations__",
        "_abc_impl",
        "__slotnames__",
        "__parameters__",
        "__orig_bases__",
    }
)


def _site_directories():
    """Where installed distributions live (site-packages of every kind)."""
    directories = set(site.getsitepackages()) | {site.getusersitepackages()}
    paths = sysconfig.get_paths()
    directories |= {paths["purelib"], paths["platlib"]}
    return tuple(os.path.realpath(d) for d in directories if d)


@functools.cache
def _distributions():
    """Top-level import name -> names of the distributions that provide it."""
    return importlib.metadata.packages_distributions()


@functools.cache
def _module_identity(module_name):
    """How a module's code is identified, or None when its code must be hashed.

    Standard library: the Python version. A module installed in site-packages
    by a distribution: the distribution's name and version. Anything else
    (``__main__``, a local or editable module): None.
    """
    top = module_name.partition(".")[0]
    if top in sys.stdlib_module_names or top == "builtins":
        return ("python", platform.python_implementation(), platform.python_version())
    module = sys.modules.get(module_name) or sys.modules.get(top)
    path = getattr(module, "__file__", None)
    if path is None:
        return None
    path = os.path.realpath(path)
    if not any(path.startswith(directory + os.sep) for directory in _site_directories()):
        return None
    names = _distributions().get(top)
    if not names:
        return None
    return (names[0], importlib.metadata.version(names[0]))


@functools.cache
def _file_digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _compiled_identity(obj, module_name):
    """A compiled class or function: its distribution, or its module file's bytes."""
    identity = _module_identity(module_name) if module_name else None
    if identity is not None:
        return identity
    module = sys.modules.get(module_name or "")
    path = getattr(module, "__file__", None)
    if path is None or not os.path.isfile(path):
        raise CannotFingerprint(
            f"{obj!r} is compiled code from module {module_name!r}, which is neither part of an "
            "installed distribution nor backed by a file"
        )
    return ("file", _file_digest(path))


def _code_digest(code, docstring=None):
    """The parts of a code object that decide what it does (not line numbers, not the doc)."""
    constants = list(code.co_consts)
    if constants and docstring is not None and constants[0] == docstring:
        constants[0] = None  # what a function without a docstring holds there
    parts = (
        code.co_code,
        code.co_names,
        code.co_varnames,
        code.co_freevars,
        code.co_cellvars,
        code.co_argcount,
        code.co_posonlyargcount,
        code.co_kwonlyargcount,
        code.co_flags,
        _constant_text(tuple(constants)),
    )
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _constant_text(constant):
    """A text for a code constant that is the same in every process.

    The order of a frozenset (``x in {"a", "b"}``) follows string hashes,
    which differ from one process to the next.
    """
    if isinstance(constant, types.CodeType):
        return f"code {_code_digest(constant)}"
    if isinstance(constant, tuple):
        return "(" + ", ".join(_constant_text(item) for item in constant) + ")"
    if isinstance(constant, frozenset):
        return "frozenset{" + ", ".join(sorted(_constant_text(item) for item in constant)) + "}"
    return repr(constant)


def _global_names(code):
    """Names the code (and the code nested in it) may read from its globals."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _global_names(constant)
    return names


#: Instructions that load a name, an attribute, or bind an imported name.
_GLOBAL_LOADS = frozenset({"LOAD_GLOBAL", "LOAD_NAME"})
_LOCAL_LOADS = frozenset(
    {"LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_FAST_BORROW", "LOAD_DEREF", "LOAD_CLOSURE"}
)
_ATTRIBUTE_LOADS = frozenset({"LOAD_ATTR", "LOAD_METHOD"})
_STORES = frozenset({"STORE_FAST", "STORE_NAME", "STORE_DEREF", "STORE_GLOBAL"})


class _Missing:
    """An attribute that a module does not have (yet): it may be set at run time."""

    def __reduce__(self):
        return (_Missing, ())


def _is_local_module(value):
    """A module whose code is not covered by a version (a script's, a local package's)."""
    return isinstance(value, types.ModuleType) and _module_identity(value.__name__) is None


def _walk(root, root_name, attributes):
    """``(path, value)`` of an attribute chain followed through local modules, or None.

    The walk stops at the first value that is not a local module: what lies
    beyond is an attribute of a value that is hashed whole.
    """
    value, path = root, root_name
    for attribute in attributes:
        if not _is_local_module(value):
            break
        path = f"{path}.{attribute}"
        value = getattr(value, attribute, _Missing())
    return None if path == root_name else (path, value)


def _imported(instructions, i, namespace, function):
    """What the ``IMPORT_NAME`` at ``instructions[i]`` gives, as the import statement would."""
    level, fromlist = (
        instruction.argval for instruction in instructions[max(i - 2, 0) : i]
    )  # pushed just before: the level and the names imported from the module
    try:
        return builtins.__import__(instructions[i].argval, namespace, None, fromlist, level)
    except Exception as exc:
        raise CannotFingerprint(
            f"{function.__qualname__} imports {instructions[i].argval!r}, which cannot be "
            f"imported here ({type(exc).__name__}: {_first_line(exc)})"
        ) from None


def module_reads(code, namespace, function):
    """What ``code`` reads from local modules: ``{"config.WEIGHT": 0.5, ...}``.

    Attribute chains that start at a global or at a name imported in the
    body (``config.WEIGHT``, ``pkg.sub.f``), and the names imported in the
    body (``from helper import FACTOR``), resolved now. Installed modules
    are left out: their version covers them.

    Parameters
    ----------
    code : code object
        A function's code; the code nested in it is read too.
    namespace : dict
        The function's globals.
    function : function
        For messages.

    Returns
    -------
    dict of str to object
    """
    reads = {}
    instructions = list(dis.get_instructions(code))
    bound = {}  # a name the body binds to what it imported
    pending = None  # what the last IMPORT_NAME or IMPORT_FROM gave, until stored
    for i, instruction in enumerate(instructions):
        name, argument = instruction.opname, instruction.argval
        if name == "IMPORT_NAME":
            pending = module = _imported(instructions, i, namespace, function)
        elif name == "IMPORT_FROM":
            pending = getattr(module, argument, _Missing())
            if _is_local_module(module):
                reads[f"{module.__name__}.{argument}"] = pending
        elif name in _STORES and pending is not None:
            bound[argument], pending = pending, None
        elif name in _GLOBAL_LOADS or name in _LOCAL_LOADS:
            root = bound.get(argument) if name in _LOCAL_LOADS else namespace.get(argument)
            chain = []
            for following in instructions[i + 1 :]:
                if following.opname not in _ATTRIBUTE_LOADS:
                    break
                chain.append(following.argval)
            walked = _walk(root, argument, chain)
            if walked is not None:
                reads[walked[0]] = walked[1]
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            reads.update(module_reads(constant, namespace, function))
    return reads


class _Token:
    """What a class or function stands for in the hashed stream (never unpickled)."""

    def __init__(self, *parts):
        self.parts = parts


class _CodeHasher(NumpyHasher):
    """joblib's hasher, with classes and functions replaced by their code."""

    def __init__(self):
        super().__init__(hash_name="sha1")
        self._in_progress = set()

    def reducer_override(self, obj):
        if obj is _Token:
            return NotImplemented
        if isinstance(obj, type):
            return self._guarded(obj, self._class)
        if isinstance(obj, types.FunctionType):
            return self._guarded(obj, self._function)
        if _is_wrapper(obj):
            return self._guarded(obj, self._wrapper)
        if isinstance(obj, types.ModuleType):
            return _Token, ("module", obj.__name__, self._module(obj))
        if isinstance(obj, (types.BuiltinFunctionType, types.MethodDescriptorType)):
            module = getattr(obj, "__module__", None) or getattr(
                getattr(obj, "__objclass__", None), "__module__", None
            )
            return _Token, ("compiled", module, obj.__qualname__, _compiled_identity(obj, module))
        if isinstance(obj, property):
            return _Token, ("property", obj.fget, obj.fset, obj.fdel)
        if isinstance(obj, (staticmethod, classmethod)):
            return _Token, (type(obj).__name__, obj.__func__)
        if isinstance(obj, functools.cached_property):
            return _Token, ("cached_property", obj.func)
        return NotImplemented

    def _guarded(self, obj, describe):
        """``describe(obj)``, or a reference when ``obj`` is already being described."""
        name = (getattr(obj, "__module__", None), getattr(obj, "__qualname__", None))
        if id(obj) in self._in_progress:
            return _Token, ("reference", *name)
        self._in_progress.add(id(obj))
        try:
            # Pickle the description now, while the guard is up: the pickler
            # would otherwise walk it after this method returned.
            self.save(describe(obj))
        finally:
            self._in_progress.discard(id(obj))
        return _Token, ("described", *name)

    def _module(self, module):
        identity = _module_identity(module.__name__)
        if identity is not None:
            return identity
        path = getattr(module, "__file__", None)
        if path is None or not os.path.isfile(path):
            raise CannotFingerprint(f"module {module.__name__!r} has no file to fingerprint")
        return ("file", _file_digest(path))

    def _class(self, cls):
        identity = _module_identity(cls.__module__)
        if identity is not None:
            return ("class", cls.__module__, cls.__qualname__, identity)
        if _is_compiled_class(cls):
            identity = _compiled_identity(cls, cls.__module__)
            return ("class", cls.__module__, cls.__qualname__, identity)
        members = {
            name: value
            for name, value in vars(cls).items()
            if name not in _SKIPPED_CLASS_ATTRIBUTES
            and not isinstance(value, (types.MemberDescriptorType, types.GetSetDescriptorType))
        }
        return ("class", cls.__module__, cls.__qualname__, cls.__bases__, members)

    def _function(self, function):
        module = getattr(function, "__module__", None)
        identity = None if module is None else _module_identity(module)
        if identity is not None:
            return ("function", module, function.__qualname__, identity)
        code = function.__code__
        names = _global_names(code)
        namespace = function.__globals__
        builtins = namespace.get("__builtins__", {})
        builtins = builtins if isinstance(builtins, dict) else vars(builtins)
        globals_read = {
            name: namespace[name]
            for name in sorted(names)
            if name in namespace and name != "__builtins__"
        }
        closure = tuple(cell.cell_contents for cell in function.__closure__ or () if _is_set(cell))
        return (
            "function",
            module,
            function.__qualname__,
            _code_digest(code, function.__doc__),
            function.__defaults__,
            function.__kwdefaults__,
            closure,
            globals_read,
            sorted(name for name in names if name not in namespace and name in builtins),
            sorted(module_reads(code, namespace, function).items()),
            vars(function),  # __wrapped__ of a functools.wraps wrapper among them
        )

    def _wrapper(self, wrapper):
        """A callable object that wraps a function (``functools.lru_cache``): its type, the
        function, and its other attributes."""
        state = {k: v for k, v in vars(wrapper).items() if k not in _WRAPPER_NAMES}
        parameters = getattr(wrapper, "cache_parameters", None)
        return (
            "wrapper",
            type(wrapper),
            wrapper.__wrapped__,
            state,
            parameters() if callable(parameters) else None,
        )


#: The attributes ``functools.update_wrapper`` copies: names and documentation.
_WRAPPER_NAMES = frozenset({"__module__", "__name__", "__qualname__", "__doc__", "__wrapped__"})


def _is_wrapper(obj):
    """A callable object, not a function or a bound method, that wraps a function."""
    return (
        callable(obj)
        and not isinstance(obj, (type, types.MethodType))
        and "__wrapped__" in (getattr(obj, "__dict__", None) or ())
    )


def _is_set(cell):
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:  # an empty cell: a variable not assigned yet
        return False
    return True


def _is_compiled_class(cls):
    """A class defined in compiled code (its methods are not Python functions)."""
    if cls.__module__ == "builtins":
        return True
    module = sys.modules.get(cls.__module__)
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(_extension_suffixes()))


@functools.cache
def _extension_suffixes():
    import importlib.machinery

    return tuple(importlib.machinery.EXTENSION_SUFFIXES)


def fingerprint(obj):
    """A hex digest of ``obj``'s value and of the code of every class and function it reaches.

    Parameters
    ----------
    obj : object
        Anything: estimators, scorers, arrays, containers of them.

    Returns
    -------
    str

    Raises
    ------
    CannotFingerprint
        When part of ``obj`` can neither be pickled nor described by its code.
    """
    try:
        return _CodeHasher().hash(obj)
    except CannotFingerprint:
        raise
    except (TypeError, AttributeError, ValueError, RecursionError) as exc:
        raise CannotFingerprint(_first_line(exc)) from None
    except Exception as exc:  # pickle.PicklingError and what a __reduce__ raises
        raise CannotFingerprint(_first_line(exc)) from None


def _first_line(exc):
    text = str(exc.args[0]) if exc.args else type(exc).__name__
    return " ".join(text.split())[:200]


@functools.cache
def environment():
    """The versions every cached score depends on: Python and the numerical stack."""
    from .. import __version__

    versions = {"python": platform.python_version(), "sklearn-bayescmp": __version__}
    for name in ("scikit-learn", "numpy", "scipy", "joblib"):
        versions[name] = importlib.metadata.version(name)
    return tuple(sorted(versions.items()))
