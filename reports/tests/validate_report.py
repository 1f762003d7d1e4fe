#!/usr/bin/python3
"""Validates report JSON files against reports/report_schema.json with the independent
python3-jsonschema (Debian package). Usage: validate_report.py SCHEMA REPORT..."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1], encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
bad = 0
for path in sys.argv[2:]:
    errors = sorted(validator.iter_errors(json.load(open(path, encoding="utf-8"))), key=lambda e: list(e.path))
    for e in errors[:10]:
        print(f"{path}: {'/'.join(map(str, e.path))}: {e.message}")
    bad += bool(errors)
sys.exit(1 if bad else 0)
