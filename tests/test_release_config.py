"""The release machinery is configured as intended, so a mistake shows here and not in a
release: cibuildwheel lists exactly the wheels we ship, and the GitHub workflows validate
against the workflow schema and build, test and publish what they should.

cibuildwheel 4 and check-jsonschema run on Python 3.11 or newer only (the test extra installs
them there): on 3.10 this module is skipped; the configuration it checks does not depend on
the interpreter, and tests.yml runs it on 3.11 to 3.14."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

if sys.version_info < (3, 11):  # pragma: no cover
    pytest.skip("cibuildwheel 4 and check-jsonschema need Python >= 3.11", allow_module_level=True)

import tomllib  # noqa: E402

import cibuildwheel  # noqa: E402
import jsonschema  # noqa: E402
from ruamel.yaml import YAML  # noqa: E402  (installed with check-jsonschema)

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

# The builds we ship: CPython 3.10-3.14 and free-threaded 3.14 on five platform/arch pairs.
PYTHONS = ("cp310", "cp311", "cp312", "cp313", "cp314", "cp314t")
PLATFORM_TAGS = {
    "linux": [f"{libc}_{arch}" for libc in ("manylinux", "musllinux") for arch in ("x86_64", "aarch64")],
    "macos": ["macosx_x86_64", "macosx_arm64"],
    "windows": ["win_amd64"],
}
RUNNER_ARCHS = {"linux": "x86_64,aarch64", "macos": "x86_64,arm64", "windows": "AMD64"}
EXPECTED_BUILDS = {platform: {f"{python}-{tag}" for python in PYTHONS for tag in tags}
                   for platform, tags in PLATFORM_TAGS.items()}
WHEEL_RUNNERS = {"ubuntu-latest", "ubuntu-24.04-arm", "macos-15-intel", "macos-14", "windows-latest"}


def print_build_identifiers(platform, archs, **cibw):
    """What `cibuildwheel --print-build-identifiers` lists for the checkout's configuration
    (CIBW_* variables of the calling environment removed: they would override it; `cibw`
    sets some, as a workflow step does)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("CIBW_")}
    env.update(cibw)
    completed = subprocess.run(
        [sys.executable, "-m", "cibuildwheel", "--print-build-identifiers",
         "--platform", platform, "--archs", archs],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr[-3000:]
    return completed.stdout.split()


def load_workflow(name):
    return YAML(typ="safe").load((WORKFLOWS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("platform", sorted(PLATFORM_TAGS))
@pytest.mark.parametrize("archs", ["runners", "all"])
def test_cibuildwheel_lists_exactly_the_intended_builds(platform, archs):
    """With the runners' architectures, and with every architecture cibuildwheel knows: the
    build and skip selectors alone must keep the set to what we ship. (A selector matching
    nothing makes cibuildwheel print nothing and succeed: the set is compared.)"""
    identifiers = print_build_identifiers(platform, RUNNER_ARCHS[platform] if archs == "runners" else archs)
    assert identifiers, "cibuildwheel selected no builds"
    assert len(identifiers) == len(set(identifiers))
    assert set(identifiers) == EXPECTED_BUILDS[platform]


def test_cibuildwheel_table_matches_its_schema():
    schema_path = Path(cibuildwheel.__file__).parent / "resources" / "cibuildwheel.schema.json"
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    jsonschema.validate(PYPROJECT["tool"]["cibuildwheel"], schema)


def test_cibuildwheel_tests_every_wheel_with_the_test_extra():
    config = PYPROJECT["tool"]["cibuildwheel"]
    assert config["test-extras"] == ["test"]
    assert re.fullmatch(r"pytest \{project\}/tests( .*)?", config["test-command"])
    assert "test-skip" not in config
    assert config["archs"] == ["native"]     # no emulation: every runner builds its own arch


def test_workflows_validate_against_the_github_schema():
    """check-jsonschema's vendored copy of the workflow schema: no network needed."""
    files = sorted(str(path) for path in WORKFLOWS.glob("*.yml"))
    assert {Path(f).name for f in files} >= {"tests.yml", "wheels.yml"}
    completed = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", *files],
        capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]


def test_wheels_workflow_builds_on_native_runners_with_the_tested_cibuildwheel():
    jobs = load_workflow("wheels.yml")["jobs"]
    assert set(jobs["wheels"]["strategy"]["matrix"]["os"]) == WHEEL_RUNNERS
    steps = jobs["wheels"]["steps"]
    pins = [m.group(1) for step in steps for m in [re.search(r'cibuildwheel==([\d.]+)', step.get("run", ""))] if m]
    assert pins, "wheels.yml must pin the cibuildwheel it installs"
    assert pins[0].split(".")[0] == cibuildwheel.__version__.split(".")[0]
    assert any("cibuildwheel --output-dir wheelhouse" in step.get("run", "") for step in steps)
    assert "sdist" in jobs


def test_the_linux_jobs_split_by_libc_build_every_linux_wheel_once():
    # Each Linux runner runs two jobs (manylinux, musllinux) of 6 wheels, each step narrowing
    # pyproject's build list with CIBW_BUILD; together they build exactly the Linux set.
    job = load_workflow("wheels.yml")["jobs"]["wheels"]
    matrix = job["strategy"]["matrix"]
    step = next(step for step in job["steps"] if "CIBW_BUILD" in step.get("env", {}))
    linux_jobs = [libc for os_name in matrix["os"] for libc in matrix["libc"]
                  if os_name.startswith("ubuntu")
                  and {"os": os_name, "libc": libc} not in matrix["exclude"]]
    assert sorted(linux_jobs) == ["manylinux", "manylinux", "musllinux", "musllinux"]
    built = []
    for libc in ("manylinux", "musllinux"):
        selector = " ".join(step["env"]["CIBW_BUILD"].replace("${{ matrix.libc }}", libc).split())
        identifiers = print_build_identifiers("linux", RUNNER_ARCHS["linux"], CIBW_BUILD=selector)
        assert identifiers and all(libc in identifier for identifier in identifiers)
        built.extend(identifiers)
    assert sorted(built) == sorted(EXPECTED_BUILDS["linux"])
    # macOS and Windows: one job each, every build.
    others = {entry["os"] for entry in matrix["include"] if entry["libc"] == "any"}
    assert others == {name for name in matrix["os"] if not name.startswith("ubuntu")}


def test_wheels_workflow_publishes_only_tags_with_trusted_publishing():
    workflow = load_workflow("wheels.yml")
    assert workflow["on"]["push"]["tags"] == ["v*"]
    assert workflow["permissions"] == {"contents": "read"}
    publish = workflow["jobs"]["publish"]
    assert set(publish["needs"]) == {"sdist", "wheels"}
    assert "startsWith(github.ref, 'refs/tags/v')" in publish["if"]
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["environment"]["name"] == "pypi"
    assert any(step.get("uses", "").startswith("pypa/gh-action-pypi-publish@") for step in publish["steps"])
    assert not any("password" in step.get("with", {}) for step in publish["steps"])
    expected = sum(len(builds) for builds in EXPECTED_BUILDS.values())
    counts = [step["env"]["EXPECTED_WHEELS"] for step in publish["steps"] if "EXPECTED_WHEELS" in step.get("env", {})]
    assert counts == [expected] == [42]   # 6 Pythons x 7 platform-architecture pairs


def test_tests_workflow_runs_on_pull_requests_on_every_os_and_python():
    workflow = load_workflow("tests.yml")
    assert "pull_request" in workflow["on"] and "push" in workflow["on"]
    matrix = workflow["jobs"]["test"]["strategy"]["matrix"]
    assert set(matrix["os"]) == {"ubuntu-latest", "macos-latest", "windows-latest"}   # GCC, Clang, MSVC
    classified = {c.rsplit(" :: ", 1)[1] for c in PYPROJECT["project"]["classifiers"]
                  if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert set(matrix["python-version"]) == classified | {"3.14t"}
    assert any("tools/check_wheel.sh" in step.get("run", "") for step in workflow["jobs"]["wheel-check"]["steps"])
