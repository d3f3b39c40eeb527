#!/usr/bin/env python3
"""Usage: schema_check.py [--expect-invalid] SCHEMA FILE...  Validates rulesets against docs/tapis.schema.json;
prints `FILE: path.to.key: message` per error; exits 1 if a FILE fails (--expect-invalid: if one passes).
       schema_check.py --loader-keys SCHEMA SOURCE...  Exits 1 if a key that the loader's CheckKeys calls
accept (in the C++ SOURCE files) is no property anywhere in SCHEMA: the schema lags behind the loader."""
import difflib
import json
import re
import sys

import jsonschema
import yaml

BOOL, TIMESTAMP = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp"
TRUE_FALSE = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")


class Loader(yaml.SafeLoader):  # YAML as yaml-cpp reads it: only true/false are booleans (`on:` is a key)
    yaml_implicit_resolvers = {first: [(tag, TRUE_FALSE if tag == BOOL else rx) for tag, rx in resolvers
                                       if tag != TIMESTAMP]
                               for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}


def plain(node):  # map keys as texts, as in JSON (`by_players: {3: 2}` has the key "3")
    if isinstance(node, dict):
        return {str(k): plain(v) for k, v in node.items()}
    return [plain(v) for v in node] if isinstance(node, list) else node


def message(e):  # the validator's message, reworded where obscure (null is in many types, for variants)
    value, schema, instance = e.validator_value, e.schema, e.instance
    if e.validator == "type":
        kinds = [k for k in ([value] if isinstance(value, str) else value) if k != "null"]
        return (f"{instance!r}: expected {' or '.join(kinds)}" if instance is not None
                else "null (~) is not allowed here; in a variant's maps it removes a key of the base")
    if e.validator == "enum":
        return f"{instance!r}: expected one of " + ", ".join(str(v) for v in value if v is not None)
    if e.validator == "pattern" and value.startswith("^\\$"):  # an integer or boolean, or $param
        kinds = [k for k in schema.get("type", []) if k not in ("string", "null")]
        return f"{instance!r}: expected {' or '.join(kinds + ['$parameter'])}"
    if e.validator == "not":
        return f"{instance!r} is not allowed here: {schema.get('description', '')}".rstrip(": ")
    if e.validator == "additionalProperties" and isinstance(instance, dict):
        known = list(schema.get("properties", {}))
        close = {k: difflib.get_close_matches(k, known, 1) for k in instance if k not in known}
        return "; ".join(f"unknown key '{k}'; " + (f"did you mean '{c[0]}'?" if c else "expected one of "
                                                   + ", ".join(known)) for k, c in close.items())
    if e.validator == "anyOf" and all(set(s) == {"required"} for s in value):
        return "needs one of " + ", ".join(s["required"][0] for s in value)
    return e.message


def problems(validator, path):
    try:
        with open(path, encoding="utf-8") as f:
            document = plain(yaml.load(f, Loader=Loader))
    except (OSError, yaml.YAMLError) as e:
        return [f"{path}: {e}".replace("\n", " ")]
    found = sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path])
    return [f"{path}: {'.'.join(map(str, e.absolute_path)) or '(top)'}: {message(e)}" for e in found]


def schema_keys(node):  # every property name the schema declares, at any depth
    if isinstance(node, dict):
        own = set(node.get("properties", {})) if isinstance(node.get("properties"), dict) else set()
        return own.union(*(schema_keys(v) for v in node.values()))
    return set().union(*(schema_keys(v) for v in node)) if isinstance(node, list) else set()


def missing_loader_keys(schema_path, sources):
    with open(schema_path, encoding="utf-8") as f:
        known = schema_keys(json.load(f))
    missing = []
    for source in sources:
        with open(source, encoding="utf-8") as f:
            for keys in re.findall(r"CheckKeys\([^;{]*\{([^}]*)\}", f.read()):
                missing += [f"{source}: key '{k}' is in no schema property" for k in re.findall(r'"(\w+)"', keys)
                            if k not in known]
    print("\n".join(missing) or f"every key the loader checks in {len(sources)} files is in the schema")
    return 1 if missing else 0


def main(args):
    if args[:1] == ["--loader-keys"] and len(args) >= 3:
        return missing_loader_keys(args[1], args[2:])
    expect_invalid = args[:1] == ["--expect-invalid"]
    args = args[expect_invalid:]
    if len(args) < 2:
        sys.exit(__doc__)
    with open(args[0], encoding="utf-8") as f:
        validator, failed = jsonschema.Draft7Validator(json.load(f)), 0
    validator.check_schema(validator.schema)
    for path in args[1:]:
        found = problems(validator, path)
        for line in found or ([f"{path}: valid, but expected to be refused"] if expect_invalid else []):
            print(line)
        failed += bool(found) != expect_invalid
    total, verdict = len(args) - 1, "refused" if expect_invalid else "valid"
    print(f"{total - failed} of {total} files {verdict}" if failed else f"{total} files {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
