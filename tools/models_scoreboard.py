"""The models section of the scoreboard (tools/certify_models.sh): one row per model and backend
configuration from each run's report.json. Writes OUT/scoreboard-models.html and .md.

    models_scoreboard.py OUT NAME|FOLDER|REPORT|LOCATE...   (LOCATE: a `model locate` folder, or empty)
"""
import html
import json
import os
import re
import sys

RATIO = re.compile(r"error/allowed ([0-9.e+-]+)")


def cell(text):
    """Text fit for one Markdown table cell: one line, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def located(folder):
    """The first diverging value from a `touchstone model locate` folder, with its node's verdict alone."""
    path = os.path.join(folder, "locate.json") if folder else ""
    if not path or not os.path.exists(path):
        return "-"
    culprit = json.load(open(path)).get("culprit")
    if not culprit:
        return "outputs equal"
    alone = "?"
    run = os.path.join(folder, "repro-run", "report.json")
    if os.path.exists(run):
        alone = next((c["verdict"] for c in json.load(open(run))["cases"] if c["op"] != "(graph)"), "?")
    fault = "backend at fault" if alone != "pass" else "node right alone: fusion or amplification"
    return f"{culprit['outputs'][0] if culprit['outputs'] else '?'} of {culprit['label']}: {alone} alone ({fault})"


def grouped(failing):
    """The failing nodes by op and verdict, worst group first: "Sigmoid: 6 fail (worst n644, 9)"."""
    groups = {}
    for ratio, node, verdict, _ in failing:  # worst first
        op = node.split("-", 1)[-1]
        g = groups.setdefault((op, verdict), [0, node, ratio])
        g[0] += 1
    return "; ".join(f"{op}: {n} {verdict} (worst {node}{'' if ratio == float('inf') else f', {ratio:.3g}'})"
                     for (op, verdict), (n, node, ratio) in groups.items())


def row(name, folder, path, locate=""):
    if not os.path.exists(path):
        return {"model": name, "backend": folder, "missing": True}
    report = json.load(open(path))
    totals = report["totals"]
    cases = report["cases"]
    nodes = [c for c in cases if not c["id"].endswith("/whole")]
    failing = []
    for c in nodes:
        if c["verdict"] in ("pass", "skip"):
            continue
        m = RATIO.search(c["message"])
        failing.append((float(m.group(1)) if m else float("inf"), c))
    failing.sort(key=lambda x: -x[0])
    whole = next((c for c in cases if c["id"].endswith("/whole")), None)
    # The whole model is one case: listed when it deviates, summarized with the passes when not.
    return {
        "model": name, "backend": folder, "missing": False, "cases": sum(totals.values()) - 1,
        "passed": totals.get("pass", 0) - (1 if whole is None else 0),
        "failing": [(r, c["id"].split("/", 1)[1], c["verdict"], c["message"]) for r, c in failing],
        "whole": ("agrees exactly" if whole is None else whole["message"]),
        "located": located(locate),
        "link": os.path.relpath(os.path.join(os.path.dirname(path), "report.html"), sys.argv[1]),
    }


def main():
    out = sys.argv[1]
    rows = [row(*arg.split("|", 3)) for arg in sys.argv[2:]]
    md = ["# touchstone: real models, node by node", "",
          "| model | backend | nodes passed | failing nodes by op, worst first (error/allowed) | whole model | first diverging value |",
          "| --- | --- | --- | --- | --- | --- |"]
    h = ["<!doctype html><meta charset=utf-8><title>touchstone: real models</title>",
         "<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}"
         "td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top;text-align:left}"
         "table{table-layout:fixed;width:100%}th:nth-child(1){width:9em}th:nth-child(2){width:10em}th:nth-child(3){width:6em}"
         "td{overflow-wrap:anywhere}"
         ".bad{color:#b00}.ok{color:#070}</style>",
         "<h1>Real models, node by node</h1>",
         "<p>Each model's nodes run on the backend with the real values the reference saw, each judged "
         "by its op-version's contract; the whole model's deviation is measured, not judged. Where it deviates, "
         "<code>touchstone model locate</code> names the first value carrying half of it (the backend runs the "
         "first k nodes, the reference the rest) and judges that node alone on the backend's own inputs.</p>",
         "<table id=models><tr><th>model</th><th>backend</th><th>nodes passed</th>"
         "<th>failing nodes by op, worst first</th><th>whole model</th><th>first diverging value</th></tr>"]
    for r in rows:
        if r["missing"]:
            md.append(f"| {r['model']} | {r['backend']} | no report | | | |")
            h.append(f"<tr><td>{html.escape(r['model'])}<td>{html.escape(r['backend'])}<td colspan=4>no report</tr>")
            continue
        nodes = r["cases"]
        fails, more = grouped(r["failing"]), ""
        whole = r["whole"].split("): ", 1)[-1]
        md.append(f"| {r['model']} | [{r['backend']}]({r['link']}) | {r['passed']} of {nodes} | {cell(fails or '-')}{more} "
                  f"| {cell(whole)} | {cell(r['located'])} |")
        cls = "bad" if r["failing"] else "ok"
        h.append(f"<tr><td>{html.escape(r['model'])}<td><a href='{html.escape(r['link'])}'>{html.escape(r['backend'])}</a>"
                 f"<td class={cls}>{r['passed']} of {nodes}<td>{html.escape(fails or '-')}{html.escape(more)}"
                 f"<td title='{html.escape(whole)}'>{html.escape(whole if len(whole) < 240 else whole[:240] + ' ...')}"
                 f"<td>{html.escape(r['located'])}</tr>")
    h.append("</table>")
    open(os.path.join(out, "scoreboard-models.md"), "w").write("\n".join(md) + "\n")
    open(os.path.join(out, "scoreboard-models.html"), "w").write("\n".join(h) + "\n")
    print(f"== models: {os.path.join(out, 'scoreboard-models.html')} ({len(rows)} rows)")


main()
