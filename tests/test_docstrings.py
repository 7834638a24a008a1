"""Every public name of the package has a docstring: modules' functions and classes, and the
methods, properties and attributes of each class (compiled ones included)."""

import importlib
import inspect
import pkgutil

import negamax

# Attribute kinds a class's own namespace holds for its public API.
_DOCUMENTED_KINDS = ("function", "property", "getset_descriptor", "member_descriptor",
                     "method_descriptor", "cython_function_or_method", "classmethod",
                     "staticmethod")


def _public_modules():
    names = ["negamax"] + [info.name for info in pkgutil.walk_packages(negamax.__path__, "negamax.")]
    return [importlib.import_module(name) for name in names]


def _own_public_objects(module):
    names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
    for name in names:
        value = getattr(module, name, None)
        if (inspect.isclass(value) or inspect.isroutine(value)) and \
                str(getattr(value, "__module__", "")).startswith("negamax"):
            yield f"{module.__name__}.{name}", value


def _undocumented(modules):
    missing, seen = [], set()
    for module in modules:
        for name, value in _own_public_objects(module):
            if id(value) in seen:
                continue
            seen.add(id(value))
            if not (inspect.getdoc(value) or "").strip():
                missing.append(name)
            if not inspect.isclass(value):
                continue
            # A dataclass's fields are documented where they are declared (the `#:` comments
            # Sphinx reads); with slots each is a member descriptor, which cannot hold a text.
            fields = getattr(value, "__dataclass_fields__", {})
            for attribute, member in vars(value).items():
                if attribute.startswith("_") or type(member).__name__ not in _DOCUMENTED_KINDS:
                    continue
                if attribute in fields:
                    continue
                if isinstance(member, (classmethod, staticmethod)):
                    member = member.__func__
                doc = (member.__doc__ or "").strip()
                # Cython starts a public attribute's text with "name: 'type'", its own line.
                if doc.startswith(f"{attribute}: "):
                    doc = doc.partition("\n")[2].strip()
                if not doc:
                    missing.append(f"{name}.{attribute}")
    return missing


def test_every_public_name_has_a_docstring():
    assert _undocumented(_public_modules()) == []


def test_the_check_finds_missing_docstrings():
    class Bare:
        """Documented."""

        def method(self):
            pass

        @property
        def size(self):
            return 1

    def helper():
        pass

    fake = type(negamax)("negamax.fake")
    for value in (Bare, helper):
        value.__module__ = "negamax.fake"
    fake.Bare, fake.helper = Bare, helper
    assert sorted(_undocumented([fake])) == ["negamax.fake.Bare.method", "negamax.fake.Bare.size",
                                             "negamax.fake.helper"]
