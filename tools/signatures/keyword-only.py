"""Keyword-only parameters of scikit-learn >= 1.0 and pandas >= 2.0, read with inspect.signature, printed as JSON.

Run in the reference stack the table was made from (Debian bookworm's /usr/bin/python3: scikit-learn 1.2.1, pandas
1.5.3, whose deprecate_nonkeyword_arguments wrappers carry the 2.0 signatures); tools/signatures/generate.ts turns
the output into SKLEARN_KEYWORD_ONLY and PANDAS_KEYWORD_ONLY in main/core/fixers/rules/catalog/signatures.ts.
An entry is [number of parameters that may still be positional, the first keyword-only names in order ...].
"""
import importlib
import inspect
import json
import sys
import warnings

warnings.simplefilter("ignore")
# keyword-only names kept per entry: enough to name what old notebooks passed positionally
FIRST = {"sklearn": 5, "pandas": 6}


def entry(fn, skip_self, first):
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    params = list(sig.parameters.values())
    if skip_self and params and params[0].name == "self":
        params = params[1:]
    kinds = [p.kind for p in params]
    if inspect.Parameter.KEYWORD_ONLY not in kinds:
        return None
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    keyword_only = [p.name for p in params if p.kind == p.KEYWORD_ONLY]
    return [len(positional), *keyword_only[:first]]


def public_names(module):
    names = getattr(module, "__all__", None)
    if names is not None:
        return list(names)
    return [n for n, o in vars(module).items() if not n.startswith("_") and getattr(o, "__module__", None) == module.__name__]


# Hand edits, kept here so a regeneration keeps them:
# - OneHotEncoder is left out: its old signature was a different one (n_values, categorical_features …), see
#   sklearn.onehot-categorical-features.
# - AgglomerativeClustering and FeatureAgglomeration keep their old order: `metric` (1.2) was inserted after
#   affinity, after the arguments had become keyword-only, so old positional arguments never meant it.
# - The names below were not in the table as first generated (base classes, and covariance / image / isotonic /
#   random-projection functions old notebooks do not call with positional options); leave them out until a rule
#   needs them and its cases cover them.
LEFT_OUT = {
    "OneHotEncoder", "BaseEnsemble", "empirical_covariance", "graphical_lasso", "grid_to_graph", "img_to_graph",
    "isotonic_regression", "johnson_lindenstrauss_min_dim", "ledoit_wolf", "make_column_selector", "oas", "Interval",
    "Options", "check_pairwise_arrays", "manhattan_distances", "paired_distances",
}
OLD_ORDER_WITHOUT = {"AgglomerativeClustering": "metric", "FeatureAgglomeration": "metric"}


def sklearn_table():
    import sklearn
    from sklearn.utils import all_estimators

    table = {}
    for name, cls in all_estimators():
        e = entry(cls.__init__, True, FIRST['sklearn'])
        if e:
            table[name] = e
    modules = [
        "base", "calibration", "utils.validation", "utils._param_validation", "cluster", "compose", "covariance", "cross_decomposition", "datasets", "decomposition", "ensemble",
        "feature_extraction", "feature_extraction.text", "feature_selection", "impute", "inspection", "isotonic",
        "kernel_approximation", "linear_model", "manifold", "metrics", "metrics.pairwise", "mixture",
        "model_selection", "multiclass", "neighbors", "neural_network", "pipeline", "preprocessing",
        "random_projection", "semi_supervised", "svm", "tree", "utils",
    ]
    for module_name in modules:
        module = importlib.import_module(f"sklearn.{module_name}")
        for name in public_names(module):
            obj = getattr(module, name, None)
            if obj is None or name in table:
                continue
            if inspect.isclass(obj):
                e = entry(obj.__init__, True, FIRST['sklearn'])
            elif callable(obj):
                e = entry(obj, False, FIRST['sklearn'])
                # *arrays (train_test_split, make_pipeline …): the positional arguments are data, nothing to name
                if e and inspect.Parameter.VAR_POSITIONAL in [p.kind for p in inspect.signature(obj).parameters.values()]:
                    e = None
            else:
                e = None
            if e:
                table[name] = e
    for name in LEFT_OUT:
        table.pop(name, None)
    for name, dropped in OLD_ORDER_WITHOUT.items():
        table[name] = [n for n in table[name] if n != dropped]
    return table


def pandas_table():
    import pandas as pd

    owners = {"DataFrame": pd.DataFrame, "Series": pd.Series, "Index": pd.Index, "str": pd.Series.str}
    table = {}
    for owner_name, owner in owners.items():
        for name in dir(owner):
            if name.startswith("_"):
                continue
            attr = getattr(owner, name, None)
            if not callable(attr) or not hasattr(attr, "__signature__"):
                continue
            e = entry(attr, True, FIRST['pandas'])
            if e:
                table.setdefault(name, {})[owner_name] = e
    for name in pd.__all__ if hasattr(pd, "__all__") else dir(pd):
        attr = getattr(pd, name, None)
        if inspect.isfunction(attr) and hasattr(attr, "__signature__"):
            e = entry(attr, False, FIRST['pandas'])
            if e:
                table.setdefault(name, {})["pd"] = e
    return table


json.dump({"sklearn": sklearn_table(), "pandas": pandas_table()}, sys.stdout, indent=None, sort_keys=True)
