"""The package metadata is complete and consistent, and the native code stays portable to
MSVC. (tests/test_release_config.py checks cibuildwheel and the workflows.)

These read the checkout's pyproject.toml, setup.py and ext/: the tests run from a checkout
in every setting (.ci/run, tests.yml, cibuildwheel's `pytest {project}/tests`)."""

import ast
import importlib.metadata
import os
import re
import sys
import types
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


def test_version_has_one_source_and_a_changelog_entry():
    version = PROJECT["version"]
    assert importlib.metadata.version("negamax") == version, "the installed negamax is stale: reinstall"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    first_entry = re.search(r"^## (\S+)", changelog, re.MULTILINE)
    assert first_entry and first_entry.group(1) == version
    assert "version" not in PROJECT.get("dynamic", [])
    # negamax.__version__ is read from the installed metadata, never written out a second time.
    assert not re.search(r"__version__\s*=\s*['\"]\d+\.\d+", (ROOT / "src/negamax/__init__.py").read_text(encoding="utf-8"))


def test_metadata_is_complete():
    assert PROJECT["requires-python"] == ">=3.10"
    assert PROJECT["dependencies"] == ["numpy>=1.23"]      # runtime: numpy only
    assert PROJECT["license"] == "MIT"
    for name in PROJECT["license-files"]:
        assert (ROOT / name).is_file()
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(PROJECT["urls"])
    assert PROJECT["readme"] == "README.md"
    assert set(PYPROJECT["build-system"]["requires"]) >= {"setuptools>=77", "cython>=3.1", "numpy>=2.0"}


def test_python_versions_agree_between_classifiers_and_wheels():
    classified = {c.rsplit(" :: ", 1)[1] for c in PROJECT["classifiers"]
                  if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    built = {f"3.{m.group(1)}" for selector in PYPROJECT["tool"]["cibuildwheel"]["build"]
             if (m := re.fullmatch(r"cp3(\d+)-\*", selector))}
    assert classified == built == {"3.10", "3.11", "3.12", "3.13", "3.14"}
    assert PROJECT["requires-python"] == f">={min(built, key=lambda v: int(v[2:]))}"


def test_free_threading_is_claimed_in_all_three_places_or_none():
    """The cp314t wheels, the classifier and the Cython directive go together."""
    classifier = any(c.startswith("Programming Language :: Python :: Free Threading ::")
                     for c in PROJECT["classifiers"])
    wheels = "cp314t-*" in PYPROJECT["tool"]["cibuildwheel"]["build"]
    directive = setup_compiler_directives().get("freethreading_compatible") is True
    assert classifier == wheels == directive
    for source in sorted((ROOT / "ext").rglob("*.pyx")):   # no module opts out on its own
        assert not re.search(r"freethreading_compatible\s*=\s*False", source.read_text(encoding="utf-8")), source.name


def setup_tree():
    return ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))


def setup_compiler_directives():
    """The literal compiler_directives dict passed to cythonize in setup.py."""
    for node in ast.walk(setup_tree()):
        if isinstance(node, ast.keyword) and node.arg == "compiler_directives":
            return {key.value: getattr(value, "value", None)
                    for key, value in zip(node.value.keys, node.value.values)}
    raise AssertionError("setup.py passes no compiler_directives")


def compile_args_on(platform):
    """setup.py's compile_args() as it runs on `platform` (sys.platform replaced)."""
    function = next(node for node in setup_tree().body
                    if isinstance(node, ast.FunctionDef) and node.name == "compile_args")
    namespace = {"os": os, "sys": types.SimpleNamespace(platform=platform)}
    exec(compile(ast.Module(body=[function], type_ignores=[]), "setup.py", "exec"), namespace)
    return namespace["compile_args"]()


def test_compile_flags_are_chosen_per_compiler():
    msvc = compile_args_on("win32")
    assert msvc and all(arg.startswith("/") for arg in msvc), msvc
    for platform in ("linux", "darwin"):
        args = compile_args_on(platform)
        assert "-Werror=vla" in args and not any(arg.startswith("/") for arg in args), args


# Constructs MSVC does not know or that only exist on POSIX (POSIX-only headers are looked for
# in strings too: `cdef extern from "unistd.h"`), and a bare `long` (32 bits on Windows, 64
# elsewhere: use int64_t). negamax_bits.h may use the GCC builtins: it also has an MSVC branch.
NON_PORTABLE = re.compile(r"__builtin_|__attribute__|__int128|\bposix[._]|__asm__|\bssize_t\b"
                          r"|(?<!long )\blong\b(?! long)")
POSIX_HEADERS = re.compile(r"\b(unistd|pthread|sys/time|sys/resource|dlfcn)\.h\b")
COMMENTS_AND_STRINGS = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|/\*[\s\S]*?\*/|//[^\n]*|#(?!include|if|else|elif|endif|define|undef|pragma|error)[^\n]*|"[^"\n]*"|\'[^\'\n]*\'')


def code_lines(path):
    """(line number, code) with comments, docstrings and string literals blanked out, so words
    in prose ("as long as") are not read as code. Line numbers are kept."""
    text = path.read_text(encoding="utf-8")
    blanked = COMMENTS_AND_STRINGS.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    return enumerate(blanked.splitlines(), 1)


def test_native_sources_avoid_compiler_specific_constructs():
    sources = sorted(p for p in (ROOT / "ext").rglob("*") if p.suffix in {".pyx", ".pxi", ".pxd", ".h", ".c"})
    assert sources
    for path in sources:
        if path.name in ("negamax_bits.h", "negamax_memory.h", "negamax_stack.h"):   # per-platform
            continue                                                                   # branches, below
        for number, line in code_lines(path):
            assert not NON_PORTABLE.search(line), f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not POSIX_HEADERS.search(line), f"{path.relative_to(ROOT)}:{number}: {line.strip()}"


def test_the_portability_check_reads_code_not_prose(tmp_path):
    sample = tmp_path / "sample.pyx"
    sample.write_text('"""Runs as long as it must."""\n# long comment\ncdef long bad\n'
                      'cdef long long fine\nx = "long"\nfrom posix.time cimport timespec\n', encoding="utf-8")
    flagged = [number for number, line in code_lines(sample) if NON_PORTABLE.search(line)]
    assert flagged == [3, 6]


def test_portable_headers_have_msvc_and_windows_branches():
    bits = (ROOT / "ext" / "negamax_bits.h").read_text(encoding="utf-8")
    assert "_MSC_VER" in bits and "_BitScanForward64" in bits
    assert "#else" in bits    # a plain-C fallback for other compilers
    memory = (ROOT / "ext" / "negamax_memory.h").read_text(encoding="utf-8")
    assert "_WIN32" in memory and "_aligned_malloc" in memory and "posix_memalign" in memory
    clock = (ROOT / "ext" / "negamax_clock.h").read_text(encoding="utf-8")
    assert "_WIN32" in clock and "QueryPerformanceCounter" in clock
    stack = (ROOT / "ext" / "negamax_stack.h").read_text(encoding="utf-8")
    assert "GetCurrentThreadStackLimits" in stack and "pthread_get_stacksize_np" in stack
    assert "pthread_getattr_np" in stack and "return 1;" in stack   # unknown: run in place
