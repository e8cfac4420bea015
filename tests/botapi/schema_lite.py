"""A tiny JSON Schema validator for the subset ``schema/bot-api/*.json`` uses (the lock has no ``jsonschema``).

Keywords: ``type`` (one or a list), ``const``, ``enum``, ``properties``, ``required``,
``additionalProperties`` (bool or schema), ``items``, ``maxLength``, ``minimum``, ``maximum``, ``anyOf``, ``oneOf``,
``allOf``, ``not`` and local ``$ref`` (``#/$defs/NAME``); ``$schema``, ``$id``, ``title``,
``description`` are ignored. Anything else is refused, so the files cannot silently use more.
"""

from __future__ import annotations

from typing import Any

KNOWN = {"type", "const", "enum", "properties", "required", "additionalProperties", "items", "maxLength",
         "minimum", "maximum",
         "anyOf", "oneOf", "allOf", "not", "$ref", "$schema", "$id", "title", "description", "$defs"}


class Invalid(AssertionError):
    """The instance does not match (``str``: where and why)."""


def _is(kind: str, x: Any) -> bool:
    match kind:
        case "null":
            return x is None
        case "boolean":
            return type(x) is bool
        case "integer":
            return type(x) is int or (type(x) is float and x.is_integer())
        case "number":
            return type(x) in (int, float)
        case "string":
            return type(x) is str
        case "array":
            return type(x) is list
        case "object":
            return type(x) is dict
    raise ValueError(f"unknown type {kind}")


def validate(x: Any, schema: dict, root: dict | None = None, path: str = "$") -> None:
    """Raise :class:`Invalid` unless ``x`` (parsed JSON) matches ``schema``."""
    root = root if root is not None else schema
    unknown = set(schema) - KNOWN
    if unknown:
        raise ValueError(f"schema_lite does not know {sorted(unknown)}")
    if "$ref" in schema:
        ref = schema["$ref"]
        assert ref.startswith("#/$defs/"), ref
        validate(x, root["$defs"][ref[len("#/$defs/"):]], root, path)
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is(k, x) for k in kinds):
            raise Invalid(f"{path}: {type(x).__name__} is not {kinds}")
    if "const" in schema and not (x == schema["const"] and type(x) is type(schema["const"])):
        raise Invalid(f"{path}: {x!r} is not {schema['const']!r}")
    if "enum" in schema and not any(x == v and type(x) is type(v) for v in schema["enum"]):
        raise Invalid(f"{path}: {x!r} not in {schema['enum']}")
    if "maxLength" in schema and type(x) is str and len(x) > schema["maxLength"]:
        raise Invalid(f"{path}: longer than {schema['maxLength']}")
    numeric = type(x) in (int, float)
    if numeric and "minimum" in schema and x < schema["minimum"]:
        raise Invalid(f"{path}: below {schema['minimum']}")
    if numeric and "maximum" in schema and x > schema["maximum"]:
        raise Invalid(f"{path}: above {schema['maximum']}")
    if type(x) is dict:
        props = schema.get("properties", {})
        for key in schema.get("required", ()):
            if key not in x:
                raise Invalid(f"{path}: missing {key!r}")
        extra = schema.get("additionalProperties", True)
        for key, value in x.items():
            if key in props:
                validate(value, props[key], root, f"{path}.{key}")
            elif extra is False:
                raise Invalid(f"{path}: unexpected {key!r}")
            elif isinstance(extra, dict):
                validate(value, extra, root, f"{path}.{key}")
    if type(x) is list and "items" in schema:
        for i, value in enumerate(x):
            validate(value, schema["items"], root, f"{path}[{i}]")
    for sub in schema.get("allOf", ()):
        validate(x, sub, root, path)
    if "anyOf" in schema and not any(_ok(x, s, root, path) for s in schema["anyOf"]):
        raise Invalid(f"{path}: matches none of anyOf: {_why(x, schema['anyOf'], root, path)}")
    if "oneOf" in schema:
        n = sum(_ok(x, s, root, path) for s in schema["oneOf"])
        if n != 1:
            raise Invalid(f"{path}: matches {n} of oneOf: {_why(x, schema['oneOf'], root, path)}")
    if "not" in schema and _ok(x, schema["not"], root, path):
        raise Invalid(f"{path}: matches a 'not'")


def _ok(x: Any, schema: dict, root: dict, path: str) -> bool:
    try:
        validate(x, schema, root, path)
        return True
    except Invalid:
        return False


def _why(x: Any, options: list, root: dict, path: str) -> str:
    """The error of the option whose ``@`` const matches (the useful one), else the first."""
    for s in options:
        target = root["$defs"].get(s.get("$ref", "")[len("#/$defs/"):], s) if "$ref" in s else s
        if type(x) is dict and target.get("properties", {}).get("@", {}).get("const") == x.get("@"):
            try:
                validate(x, s, root, path)
            except Invalid as e:
                return str(e)
    return "(no option has that tag)" if type(x) is dict else ""
