#!/usr/bin/env python3
"""Writes reference/schema_table.cpp, touchstone's own table of every ONNX op-version,
from the specification text (ONNX's Changelog.md and Changelog-ml.md).

Facts only: domain, op, since_version, deprecated, attributes (name, type, required,
default), inputs and outputs (name, type parameter or fixed type, single / optional /
variadic with its minimum arity, homogeneous or not), the counts the text states, and
the type constraints with their allowed types. No prose is copied.

Where the text is lossy, OVERRIDES below says what is corrected and why.

  gen_schema_table.py [--docs DIR] [--out FILE]   write the table
  gen_schema_table.py --check [--docs DIR]        exit 1 if the committed table differs
"""
import argparse
import html
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_DOCS = os.path.join(os.path.dirname(ROOT), "shared", "docs", "onnx")
DEFAULT_OUT = os.path.join(ROOT, "reference", "schema_table.cpp")

# (label, attribute) -> (default as the table should hold it, why). Reviewed by hand.
OVERRIDES = {
    ("Clip-6", "min"): ("-3.4028234663852886e+38",
                        "the text prints the default as (-3.402823e+38: it is -FLT_MAX"),
    ("Clip-6", "max"): ("3.4028234663852886e+38",
                        "the text prints the default as (3.402823e+38: it is FLT_MAX"),
    ("ai.onnx.preview.training.Adagrad-1", "epsilon"): (
        "9.9999999747524271e-07", "the text prints 1e-6 (as float) with five decimals: 0.0"),
    ("ai.onnx.preview.training.Adam-1", "epsilon"): (
        "9.9999999747524271e-07", "the text prints 1e-6 (as float) with five decimals: 0.0"),
    ("MeanVarianceNormalization-9", "axes"): ("[0, 2, 3]", "the text prints the ints as strings: ['0', '2', '3']"),
    ("MeanVarianceNormalization-13", "axes"): ("[0, 2, 3]", "the text prints the ints as strings: ['0', '2', '3']"),
}

# Deprecated op-versions whose text has no tables: label -> (op-version whose tables are the
# same, why). Models using a deprecated op-version are refused; the tables serve `spec`,
# `diff` and the comparison with libonnx.
TABLES_FROM = {
    "Scatter-11": ("ScatterElements-11", "deprecated without tables; ONNX 1.12 gives it ScatterElements-11's"),
    "Upsample-10": ("Resize-10", "deprecated without tables; ONNX 1.12 gives it Resize-10's"),
    # GroupNormalization-18: deprecated without tables and not in ONNX 1.12 to check a copy
    # against; it keeps no tables (a model using it is refused as deprecated).
}

ATTR_TYPES = {
    "float": "kFloat", "int": "kInt", "string": "kString", "tensor": "kTensor",
    "graph": "kGraph", "sparse_tensor": "kSparseTensor", "type_proto": "kTypeProto",
    "list of floats": "kFloats", "list of ints": "kInts", "list of strings": "kStrings",
    "list of tensors": "kTensors", "list of graphs": "kGraphs",
    "list of sparse_tensors": "kSparseTensors", "list of type_protos": "kTypeProtos",
}

SECTION = re.compile(r"^## Version (\d+) of (?:the default ONNX|the '([\w.]+)') operator set")
OP = re.compile(r'^### <a name="([^"]+)"></a>\*\*([^*]+)\*\*( \(deprecated\))?</a>')
SUB = re.compile(r"^#### (Attributes|Inputs|Outputs|Type Constraints|Version)(?: \((\d+) - (\d+|&#8734;)\))?")
DT = re.compile(r"^<dt><tt>([^<]+)</tt>(?: \(([^)]*)\))? : (.*)</dt>$")
SINCE = re.compile(r"available since version (\d+) of")


def parse_attribute(name, rest, label):
    m = re.match(r"^([a-z_ ]+?)(?: \((required|default is (.*))\))?$", rest)
    if not m or m.group(1) not in ATTR_TYPES:
        sys.exit(f"{label}: cannot read attribute line '{name} : {rest}'")
    required = m.group(2) == "required"
    default = m.group(3) if m.group(3) is not None else None
    if (label, name) in OVERRIDES:
        default = OVERRIDES[(label, name)][0]
    return {"name": name, "type": ATTR_TYPES[m.group(1)], "required": required, "default": default}


def parse_formal(name, flags, rest, label):
    flags = [f.strip() for f in (flags or "").split(",") if f.strip()]
    option = "kSingle"
    if "optional" in flags:
        option = "kOptional"
    if "variadic" in flags:
        option = "kVariadic"
    for f in flags:
        if f not in ("optional", "variadic", "heterogeneous", "differentiable", "non-differentiable"):
            sys.exit(f"{label}: unknown formal flag '{f}'")
    return {"name": name, "type": html.unescape(rest.strip()), "option": option,
            "homogeneous": "heterogeneous" not in flags, "min_arity": 1}


def finish_formals(formals, count, label, what):
    """Counts as ONNX computes them; a variadic's minimum arity from the stated count."""
    n = len(formals)
    lo = hi = 0
    for i, f in enumerate(formals):
        if f["option"] == "kSingle":
            hi += 1
            lo = hi
        elif f["option"] == "kOptional":
            hi += 1
        else:
            if i != n - 1:
                sys.exit(f"{label}: variadic {what} '{f['name']}' is not last")
            stated_lo = int(count[0]) if count else hi + 1
            f["min_arity"] = stated_lo - hi
            lo = stated_lo
            hi = -1  # unbounded
    if count:
        stated = (int(count[0]), -1 if count[1] == "&#8734;" else int(count[1]))
        if stated != (lo, hi):
            sys.exit(f"{label}: {what} counts {stated} do not follow from the formals ({lo}, {hi})")
    return lo, hi


def parse_file(path, default_domain):
    schemas, max_opset = [], {}
    domain, cur, part, count = None, None, None, None

    def close():
        if cur is None:
            return
        for what in ("inputs", "outputs"):
            cur[f"{what}_count"] = finish_formals(cur[what], cur.get(f"{what}_stated"), cur["label"], what)
        schemas.append(cur)

    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            m = SECTION.match(line)
            if m:
                close()
                cur = None
                domain = m.group(2) or default_domain
                if domain == "ai.onnx":
                    domain = ""
                max_opset[domain] = max(max_opset.get(domain, 0), int(m.group(1)))
                continue
            m = OP.match(line)
            if m:
                close()
                label = m.group(1)
                prefix = domain + "." if domain else ""
                if not label.startswith(prefix):
                    sys.exit(f"{label}: not in domain '{domain}'")
                op, since = label[len(prefix):].rsplit("-", 1)
                cur = {"label": label, "domain": domain, "op": op, "since": int(since),
                       "deprecated": bool(m.group(3)), "attributes": [], "inputs": [],
                       "outputs": [], "types": []}
                part = None
                continue
            if cur is None:
                continue
            m = SUB.match(line)
            if m:
                part = m.group(1)
                if part in ("Inputs", "Outputs") and m.group(2):
                    cur[part.lower() + "_stated"] = (m.group(2), m.group(3))
                continue
            if line.startswith("### ") or line.startswith("## "):
                part = None
                continue
            if part == "Version":
                s = SINCE.search(line)
                if s and int(s.group(1)) != cur["since"]:
                    sys.exit(f"{cur['label']}: text says since version {s.group(1)}")
                continue
            m = DT.match(line)
            if not m or part is None:
                continue
            name, flags, rest = m.group(1), m.group(2), m.group(3)
            if part == "Attributes":
                if flags:
                    sys.exit(f"{cur['label']}: attribute '{name}' has flags ({flags})")
                cur["attributes"].append(parse_attribute(name, rest, cur["label"]))
            elif part in ("Inputs", "Outputs"):
                cur[part.lower()].append(parse_formal(name, flags, rest, cur["label"]))
            elif part == "Type Constraints":
                allowed = [t.strip() for t in re.split(r",\s*(?![^()]*\))", html.unescape(rest))]
                cur["types"].append({"param": name, "allowed": [t for t in allowed if t]})
    close()
    return schemas, max_opset


def cxx(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(schemas, max_opset):
    out = []
    w = out.append
    w("// GENERATED by tools/dev/gen_schema_table.py from ONNX 1.23's Changelog.md and")
    w("// Changelog-ml.md: facts only (no prose). Do not edit; regenerate. One entry per op-version:")
    w("//   {domain, op, since, deprecated, {min_in, max_in}, {min_out, max_out},")
    w("//    attributes {name, type, required, default or null},")
    w("//    inputs / outputs {name, type parameter or type, option, homogeneous, min arity},")
    w("//    type constraints {parameter, allowed types}}   (a maximum of -1: unbounded)")
    w('#include "reference/schema.h"')
    w("")
    w("namespace touchstone {")
    w("")
    w("namespace {")
    w("using enum AttrType;")
    w("using enum FormalOption;")
    w("}  // namespace")
    w("")
    w("const std::vector<DomainOpset>& schema_domains() {")
    w("  static const std::vector<DomainOpset> domains = {")
    for d in sorted(max_opset):
        w(f"      {{{cxx(d)}, {max_opset[d]}}},")
    w("  };")
    w("  return domains;")
    w("}")
    w("")
    w("const std::vector<Schema>& schema_table() {")
    w("  static const std::vector<Schema> table = {")
    for s in schemas:
        w(f"      {{{cxx(s['domain'])}, {cxx(s['op'])}, {s['since']}, {'true' if s['deprecated'] else 'false'}, "
          f"{{{s['inputs_count'][0]}, {s['inputs_count'][1]}}}, {{{s['outputs_count'][0]}, {s['outputs_count'][1]}}},")
        attrs = ", ".join(
            f"{{{cxx(a['name'])}, {a['type']}, {'true' if a['required'] else 'false'}, "
            f"{cxx(a['default']) if a['default'] is not None else 'nullptr'}}}" for a in s["attributes"])
        w(f"       {{{attrs}}},")
        for what in ("inputs", "outputs"):
            formals = ", ".join(
                f"{{{cxx(f['name'])}, {cxx(f['type'])}, {f['option']}, {'true' if f['homogeneous'] else 'false'}, "
                f"{f['min_arity']}}}" for f in s[what])
            w(f"       {{{formals}}},")
        types = ", ".join(f"{{{cxx(t['param'])}, {{{', '.join(cxx(a) for a in t['allowed'])}}}}}" for t in s["types"])
        w(f"       {{{types}}}}},")
    w("  };")
    w("  return table;")
    w("}")
    w("")
    w("}  // namespace touchstone")
    return "\n".join(out) + "\n"


def generate(docs):
    schemas, max_opset = parse_file(os.path.join(docs, "Changelog.md"), "")
    ml, ml_opset = parse_file(os.path.join(docs, "Changelog-ml.md"), "ai.onnx.ml")
    schemas += ml
    max_opset.update(ml_opset)
    schemas.sort(key=lambda s: (s["domain"], s["op"], s["since"]))
    by_label = {s["label"]: s for s in schemas}
    for label, (source, _) in TABLES_FROM.items():
        target, src = by_label[label], by_label[source]
        if not target["deprecated"] or target["attributes"] or target["inputs"] or target["types"]:
            sys.exit(f"{label}: the override is stale (it has tables or is not deprecated)")
        for key in ("attributes", "inputs", "outputs", "types", "inputs_count", "outputs_count"):
            target[key] = src[key]
    seen = set()
    for s in schemas:
        key = (s["domain"], s["op"], s["since"])
        if key in seen:
            sys.exit(f"{s['label']} appears twice")
        seen.add(key)
    return render(schemas, max_opset), len(schemas)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--docs", default=DEFAULT_DOCS, help="folder with Changelog.md and Changelog-ml.md")
    p.add_argument("--out", default=DEFAULT_OUT)
    p.add_argument("--check", action="store_true", help="compare with the committed table instead of writing")
    a = p.parse_args()
    text, n = generate(a.docs)
    if a.check:
        with open(a.out, encoding="utf-8") as f:
            if f.read() != text:
                print(f"{a.out} differs from what {a.docs} gives: run tools/dev/gen_schema_table.py", file=sys.stderr)
                return 1
        print(f"schema table matches the text ({n} op-versions)")
        return 0
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {a.out}: {n} op-versions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
