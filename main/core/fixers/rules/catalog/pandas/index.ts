// The pandas rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// pandas: APIs removed between 0.20 and 2.x (.ix, .as_matrix, DataFrame.sort, pd.rolling_*, Series.reshape,
// pandas.tools.plotting, get/set_value, TimeGrouper, from_csv, DataFrame.append in 2.0, positional axis in
// drop, numeric_only defaults, pd.np …).
export { seriesMultidimIndexing } from './series-multidim-indexing';
export { ixIndexer } from './ix-indexer';
export { asMatrix } from './as-matrix';
export { sortMethods } from './sort-methods';
export { windowFunctions } from './window-functions';
export { seriesReshape } from './series-reshape';
export { plottingModule } from './plotting-module';
export { timeGrouper } from './time-grouper';
export { getSetValue } from './get-set-value';
export { fromCsv } from './from-csv';
export { readerKeywords } from './reader-keywords';
export { parseDatesScalar } from './parse-dates-scalar';
export { dataframeAppend } from './dataframe-append';
export { dropPositionalAxis } from './drop-positional-axis';
export { numericOnly } from './numeric-only';
export { pdNp } from './pd-np';
export { removedNames2 } from './2-removed-names';
export { strReplaceRegex } from './str-replace-regex';
export { keywordOnlyArguments } from './keyword-only-arguments';
export { readSqueeze } from './read-squeeze';
export { readCsvDuplicateNames } from './read-csv-duplicate-names';
export { lookupMad } from './lookup-mad';
export { concatJoinAxes } from './concat-join-axes';
export { removedMethods } from './removed-methods';
export { removedMethods2 } from './2-removed-methods';
export { removedArgumentValues2 } from './2-removed-argument-values';
export { resampleHow } from './resample-how';
export { renamedKeywords } from './renamed-keywords';
export { movedFunctions } from './moved-functions';
export { weekofyear } from './weekofyear';
export { valueCountsNames } from './value-counts-names';
export { weekdayName } from './weekday-name';
export { getDummiesDtype } from './get-dummies-dtype';
export { astypeCategoryKeywords } from './astype-category-keywords';
export { timeSeriesAlias } from './time-series-alias';
export { frameDateStringRows } from './frame-date-string-rows';
export { toDatetimeMixedFormats } from './to-datetime-mixed-formats';
export { seriesAggDict } from './series-agg-dict';
export { reductionLevel } from './reduction-level';
export { inplaceRemoved } from './inplace-removed';
export { groupbyTupleColumns } from './groupby-tuple-columns';
export { displayOptions } from './display-options';
export { locSingleValueTuple } from './loc-single-value-tuple';
export { plotColorsKeyword } from './plot-colors-keyword';
export { groupbyApplyGroupKeys } from './groupby-apply-group-keys';
export { applyListBroadcast } from './apply-list-broadcast';
export { locMissingLabels } from './loc-missing-labels';
export { seriesArgmaxLabel } from './series-argmax-label';
// pandas: read_excel of an old .xls that pandas 1.2's format detection cannot identify gets engine='xlrd'.
export { readExcelEngine } from './read-excel-engine';
// pandas: a bool Series' .plot() ("no numeric data to plot") gets include_bool=True, the 0/1 plot older pandas drew.
export { plotIncludeBool } from './plot-include-bool';
