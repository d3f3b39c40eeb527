#!/usr/bin/env python3
"""Prints a libFuzzer dictionary for one fuzz target (tests/fuzz/run passes it with -dict=).

The words come from the sources they name, so the dictionaries never fall behind: the
ruleset keys and words of docs/tapis.schema.json, the `tapis` functions of docs/lua-api.md,
the JSON keys of the log and position readers, the names the bundled rulesets give (their
moves, zones and variables) for typed moves and API arguments. Mutations then
splice whole names (`tapis.runs`, `copies:`, `extends:`) where bytes alone rarely reach.
Usage: tests/fuzz/dictionary.py TARGET   (ruleset, lua_api, log, position, move, shard)
"""
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def api_names():
    text = (ROOT / "docs/lua-api.md").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"^#### `tapis\.([a-z_]+)\(", text, re.M)))


def schema_words():
    words = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "properties" and isinstance(value, dict):
                    words.update(value.keys())
                if key == "enum" and isinstance(value, list):
                    words.update(str(v) for v in value if isinstance(v, str))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(json.loads((ROOT / "docs/tapis.schema.json").read_text(encoding="utf-8")))
    return sorted(words)


def literals(*files):
    """The string literals of C++ sources that look like names ("seed", "created_zones")."""
    words = set()
    for file in files:
        words.update(re.findall(r'"([a-z_]{2,24})"', (ROOT / file).read_text(encoding="utf-8")))
    return sorted(words)


def ruleset_names():
    """The names the bundled rulesets give (zones, moves, variables, phases): the second-level
    keys of their YAML, which typed moves and API calls name."""
    words = set()
    for file in sorted((ROOT / "rulesets").glob("*.yaml")):
        words.update(re.findall(r"^  ([a-z_][a-z0-9_]*):", file.read_text(encoding="utf-8"), re.M))
    return sorted(words)


LUA = ["function", "end", "local", "return", "then", "for", "in", "do", "while", "repeat", "until",
       "if", "else", "elseif", "nil", "not", "and", "or", "pcall", "setmetatable", "__index",
       "__len", "__gc", "__pairs", "string.rep", "table.move", "table.concat", "math.maxinteger",
       "base.", "_ENV", "_G", "..."]
YAML = [": ", "- ", "{", "}", "[", "]", "~", "null", "&a ", "*a", "<<: ", "!!str ", "\"\\e\"", "\"\\u009b\""]
NUMBERS = ["0", "-1", "127", "128", "255", "256", "65000", "65536", "2147483647", "-2147483648",
           "9223372036854775807", "1e300", "nan", "0.5"]


def words(target):
    api = api_names()
    calls = ["tapis." + name for name in api]
    if target == "ruleset":
        return schema_words() + ["extends", "scripts", "copies", "count", "by_players"] + calls + LUA + YAML + NUMBERS
    if target == "lua_api":
        return api + calls + ruleset_names() + LUA + NUMBERS
    if target == "log":
        return literals("interpreter/records/game_log.cpp", "interpreter/records/recorded_chance.cpp") + NUMBERS
    if target == "position":
        return literals("interpreter/records/position.cpp", "interpreter/records/position_tokens.cpp") + NUMBERS
    if target == "move":
        return (literals("interpreter/load/move_words.cpp", "interpreter/records/move_text.cpp") + ruleset_names() +
                ["undo", "help", "moves", "score", "save", "quit", "AS", "10H", "JKR"] + NUMBERS)
    if target == "shard":
        return literals("interpreter/sim/sim_totals.cpp") + ["rikiki", "unisson", "\\u0000"] + NUMBERS
    sys.exit(f"dictionary.py: no target '{target}'; targets are ruleset, lua_api, log, position, move, shard")


def quoted(word):
    out = ""
    for byte in word.encode("utf-8"):
        char = chr(byte)
        out += f"\\x{byte:02x}" if byte < 0x20 or byte > 0x7e or char in '"\\' else char
    return f'"{out}"'


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    seen = set()
    for word in words(sys.argv[1]):
        if word and word not in seen:
            seen.add(word)
            print(quoted(word))
