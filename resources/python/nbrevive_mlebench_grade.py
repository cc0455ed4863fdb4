"""Grades a submission with an MLE-bench competition's own grader, as `mlebench grade-sample` does.

nbrevive runs this in the runtime's Python (the interpreter that executed the notebook), passing the source text
with `python -c`, so it must stay one self-contained file that needs only the standard library and pandas.

    python nbrevive_mlebench_grade.py --competition ID --submission FILE
        [--competitions-dir DIR]   folder holding <ID>/config.yaml and grade.py (default: the installed mlebench)
        [--data-dir DIR]           the mle-bench data root holding <ID>/prepared/private/... (default: mlebench's)

The result is the last stdout line: `NBREVIVE_GRADE {"score": float|null, "note": str|null}`. Anything the grader
prints goes to stderr, so it cannot be mistaken for the result.
"""

import argparse
import importlib
import importlib.util
import json
import math
import os
import sys
import traceback

MARKER = "NBREVIVE_GRADE "


class GradeNote(Exception):
    """Why the submission cannot be graded, in words for the reader."""


def parse_scalar(text):
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    if text in ("null", "~", ""):
        return None
    if text in ("true", "false"):
        return text == "true"
    return text


def load_simple_yaml(text):
    """The subset of YAML MLE-bench configs use (nested mappings of scalars), for runtimes without PyYAML."""
    root = {}
    stack = [(-1, root)]
    for raw in text.splitlines():
        line = raw.split(" #", 1)[0].rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        key, sep, value = line.strip().partition(":")
        if not sep:
            raise GradeNote("config.yaml line %r is not a `key: value` line" % raw)
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if value.strip() == "":
            child = {}
            parent[key.strip()] = child
            stack.append((indent, child))
        else:
            parent[key.strip()] = parse_scalar(value)
    return root


def load_config(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        import yaml  # noqa: PLC0415 (optional dependency)
    except ImportError:
        return load_simple_yaml(text)
    return yaml.safe_load(text)


def installed_mlebench_dir():
    try:
        import mlebench  # noqa: PLC0415
    except ImportError:
        return None
    return os.path.dirname(os.path.abspath(mlebench.__file__))


def load_from_folder(module_name, fn_name, competitions_dir, competition):
    """Loads `mlebench.competitions.<id>.grade` from a standalone competitions folder, keeping relative imports."""
    parts = module_name.split(".")
    rest = parts[parts.index("competitions") + 1:] if "competitions" in parts else [competition, parts[-1]]
    package_dir = os.path.join(competitions_dir, *rest[:-1])
    package_name = "nbrevive_competition_" + "".join(c if c.isalnum() else "_" for c in "_".join(rest[:-1]))
    package_spec = importlib.util.spec_from_file_location(
        package_name, os.path.join(package_dir, "__init__.py"), submodule_search_locations=[package_dir]
    )
    package = importlib.util.module_from_spec(package_spec)
    sys.modules[package_name] = package
    if os.path.exists(os.path.join(package_dir, "__init__.py")):
        package_spec.loader.exec_module(package)
    module = importlib.import_module(package_name + "." + rest[-1])
    return getattr(module, fn_name)


def load_grade_fn(grade_fn, competitions_dir, competition):
    module_name, _, fn_name = grade_fn.partition(":")
    if not fn_name:
        raise GradeNote("grader.grade_fn %r is not of the form module:function" % grade_fn)
    # competitions inside an mle-bench checkout (…/mlebench/competitions) import the way mle-bench itself does
    parent = os.path.dirname(competitions_dir)
    if os.path.basename(competitions_dir) == "competitions" and os.path.basename(parent) == "mlebench":
        sys.path.insert(0, os.path.dirname(parent))
        return getattr(importlib.import_module(module_name), fn_name)
    return load_from_folder(module_name, fn_name, competitions_dir, competition)


def read_table(path):
    import pandas as pd  # noqa: PLC0415

    if path.endswith(".jsonl"):
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    try:
        return pd.read_csv(path, float_precision="round_trip")
    except pd.errors.EmptyDataError:
        return pd.DataFrame()


def grade(args):
    competitions_dir = args.competitions_dir
    if competitions_dir is None:
        installed = installed_mlebench_dir()
        if installed is None:
            raise GradeNote(
                "no MLE-bench competitions folder: set score.competitionsDir to the folder holding %s/config.yaml "
                "(mle-bench's mlebench/competitions) or install mle-bench in the runtime's Python" % args.competition
            )
        competitions_dir = os.path.join(installed, "competitions")
    competitions_dir = os.path.abspath(competitions_dir)
    config_path = os.path.join(competitions_dir, args.competition, "config.yaml")
    if not os.path.isfile(config_path):
        raise GradeNote("competition %r has no config.yaml in %s" % (args.competition, competitions_dir))
    config = load_config(config_path)
    grader = config.get("grader") or {}
    dataset = config.get("dataset") or {}
    if not grader.get("grade_fn") or not dataset.get("answers"):
        raise GradeNote("%s needs grader.grade_fn and dataset.answers" % config_path)

    data_dir = args.data_dir
    if data_dir is None:
        try:
            from mlebench.registry import DEFAULT_DATA_DIR  # noqa: PLC0415

            data_dir = str(DEFAULT_DATA_DIR)
        except ImportError:
            raise GradeNote("no MLE-bench data folder: set score.dataDir to the mle-bench data root") from None
    answers_path = os.path.join(data_dir, dataset["answers"])
    if not os.path.isfile(answers_path):
        raise GradeNote(
            "the answers %s are not prepared: run `mlebench prepare -c %s` or check score.dataDir"
            % (answers_path, args.competition)
        )
    if not os.path.isfile(args.submission):
        raise GradeNote("the submission file %s was not written" % args.submission)
    if not args.submission.lower().endswith(".csv"):
        raise GradeNote("the submission %s must be a CSV file" % args.submission)

    try:
        grade_fn = load_grade_fn(grader["grade_fn"], competitions_dir, args.competition)
    except ImportError as e:
        raise GradeNote(
            "the grader %s cannot be imported (%s): install mle-bench in the runtime's Python or point "
            "score.competitionsDir at an mle-bench checkout's mlebench/competitions" % (grader["grade_fn"], e)
        ) from None

    submission = read_table(args.submission)
    answers = read_table(answers_path)
    try:
        score = grade_fn(submission, answers)
    except Exception as e:  # noqa: BLE001 (every grader failure becomes a note, as in mle-bench's Grader)
        traceback.print_exc(file=sys.stderr)
        if type(e).__name__ == "InvalidSubmissionError":
            raise GradeNote("invalid submission: %s" % e) from None
        raise GradeNote("the grader failed: %s: %s" % (type(e).__name__, e)) from None
    try:
        score = float(score)
    except (TypeError, ValueError):
        raise GradeNote("the grader returned %r, not a number" % (score,)) from None
    if math.isnan(score):
        raise GradeNote("the grader returned NaN")
    # mle-bench reports scores rounded to 5 decimals (grade_helpers.Grader.__call__)
    return round(score, 5)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--competition", required=True)
    parser.add_argument("--submission", required=True)
    parser.add_argument("--competitions-dir")
    parser.add_argument("--data-dir")
    args = parser.parse_args()
    stdout = sys.stdout
    sys.stdout = sys.stderr  # keep the grader's prints off the result channel
    try:
        result = {"score": grade(args), "note": None}
    except GradeNote as e:
        result = {"score": None, "note": str(e)}
    except Exception as e:  # noqa: BLE001
        traceback.print_exc(file=sys.stderr)
        result = {"score": None, "note": "grading failed: %s: %s" % (type(e).__name__, e)}
    finally:
        sys.stdout = stdout
    stdout.write(MARKER + json.dumps(result) + "\n")
    stdout.flush()


if __name__ == "__main__":
    main()
