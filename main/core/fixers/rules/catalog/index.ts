// The rule catalog: one folder per library (catalog/<library>/<what>.ts, one rule per file, each folder's index.ts
// exporting its rules), and RULES, the one list the engine applies in this order: earlier rules edit first, so a
// later rule sees their output (Python 2 syntax first, so later rules see Python 3 code; score calibration and
// runtime rules last). A rule's id is '<library folder>.<what>' (the generic API-table rules of catalog/api-table.ts
// are 'api-table.<what>'); ids that changed stay resolvable through aliases.ts. A folder rule missing from RULES, a
// duplicate id or an id outside its folder's prefix fails at load.
import type { Rule } from '../rule';
import { API_TABLE_RULES } from './api-table';
import * as calibrate from './calibrate';
import * as data from './data';
import * as environment from './environment';
import * as ipython from './ipython';
import * as joblib from './joblib';
import * as lightgbm from './lightgbm';
import * as matplotlib from './matplotlib';
import * as numpy from './numpy';
import * as pandas from './pandas';
import * as python from './python';
import * as python2 from './python2';
import * as runtime from './runtime';
import * as scipy from './scipy';
import * as seaborn from './seaborn';
import * as sklearn from './sklearn';
import * as xgboost from './xgboost';

/** Each library folder's rules, by folder name (the ids' prefix). */
export const LIBRARY_FOLDERS: Readonly<Record<string, Readonly<Record<string, Rule>>>> = {
  calibrate,
  data,
  environment,
  ipython,
  joblib,
  lightgbm,
  matplotlib,
  numpy,
  pandas,
  python,
  python2,
  runtime,
  scipy,
  seaborn,
  sklearn,
  xgboost,
};

/** Every rule, in application order. */
export const RULES: readonly Rule[] = [
  python2.printStatement,
  python2.execStatement,
  python2.exceptComma,
  python2.raiseComma,
  python2.backticks,
  python2.urPrefix,
  python2.fileExecfile,
  python2.numberLiterals,
  python2.renamedBuiltins,
  python2.reduceBuiltin,
  python2.dictIterators,
  python2.hasKey,
  python2.dictViewIndexing,
  python2.integerDivision,
  python2.stringModule,
  python2.stdlibModules,
  python2.iteratorBuiltins,
  python2.listValuedVariables,
  python2.sortCmp,
  python2.notEqualOperator,
  python2.sysNames,
  python2.nextMethod,
  python2.tupleParameters,
  python2.integerDivisionSizes,
  python.removedStdlibNames,
  python2.implicitRelativeImport,
  python2.helperModuleBuiltins,
  python2.removedBuiltins,
  python2.functionAttributes,
  python2.sysExcAttributes,
  python2.operatorFunctions,
  python2.typesConstants,
  python2.metaclassAttribute,
  python2.specialMethodNames,
  python2.xreadlines,
  python2.exceptUnpacking,
  python2.comprehensionBareTuple,
  python2.mapNone,
  python2.moreRenamedModules,
  python2.dictViewLists,
  python.removedStdlib312,
  python.distutilsVersion,
  python.unittestAliases,
  python.configparserReadfp,
  python.randomSampleSet,
  data.urlToLocalCopy,
  numpy.builtinTypeAliases,
  numpy.asscalar,
  numpy.rank,
  numpy.histogramNormed,
  numpy.warningsModule,
  numpy.printoptionsThresholdNan,
  numpy.removedAliases2,
  numpy.raggedArrayDtype,
  numpy.removedFunctions,
  numpy.integerNegativePower,
  numpy.movedMembers,
  numpy.removedMembers,
  numpy.libNamespace,
  numpy.arrayCopyFalse,
  numpy.tostring,
  numpy.ndarrayMethods,
  numpy.compatModule,
  numpy.arrayToScalar,
  pandas.seriesMultidimIndexing,
  pandas.ixIndexer,
  pandas.asMatrix,
  pandas.sortMethods,
  pandas.windowFunctions,
  pandas.seriesReshape,
  pandas.plottingModule,
  pandas.timeGrouper,
  pandas.getSetValue,
  pandas.fromCsv,
  pandas.readerKeywords,
  pandas.dataframeAppend,
  pandas.dropPositionalAxis,
  pandas.numericOnly,
  pandas.pdNp,
  pandas.removedNames2,
  pandas.strReplaceRegex,
  pandas.keywordOnlyArguments,
  pandas.readSqueeze,
  pandas.lookupMad,
  pandas.removedMethods,
  pandas.resampleHow,
  pandas.movedFunctions,
  pandas.weekofyear,
  pandas.seriesAggDict,
  pandas.reductionLevel,
  pandas.inplaceRemoved,
  sklearn.modelSelectionModules,
  sklearn.splitterConstructors,
  sklearn.splitterRandomStateWithoutShuffle,
  sklearn.gridScores,
  sklearn.scorerNames,
  sklearn.externalsJoblib,
  joblib.memoryLocation,
  sklearn.privateModules,
  sklearn.renamedClasses,
  sklearn.onehotCategoricalFeatures,
  sklearn.getFeatureNames,
  sklearn.plotFunctions,
  sklearn.removedKeywords,
  sklearn.sgdNIter,
  sklearn.renamedKeywords,
  sklearn.renamedParameterValues,
  sklearn.maxFeaturesAuto,
  sklearn.keywordOnlyArguments,
  sklearn.renamedFunctions,
  sklearn.mseSquaredFalse,
  sklearn.estimatorTransformSelection,
  sklearn.oneDimensionalX,
  matplotlib.axisbg,
  matplotlib.histNormed,
  matplotlib.numericStringRotation,
  matplotlib.seabornStyles,
  matplotlib.gcaProjection,
  matplotlib.gridB,
  matplotlib.hold,
  matplotlib.setColorCycle,
  matplotlib.mlabNormpdf,
  matplotlib.canvasWindowTitle,
  matplotlib.axes3dFigure,
  matplotlib.barLeftBottom,
  matplotlib.logScaleKeywords,
  matplotlib.movedNames,
  matplotlib.tickParamsOnOff,
  matplotlib.axes3dWAxis,
  seaborn.sizeToHeight,
  seaborn.factorplot,
  seaborn.renamedFunctions,
  seaborn.snsPlt,
  seaborn.jointplotStatFunc,
  seaborn.keywordOnlyData,
  xgboost.sklearnWrapperArguments,
  xgboost.gpuHistWithoutGpu,
  xgboost.fitEarlyStopping,
  xgboost.ntreeLimit,
  lightgbm.earlyStoppingCallbacks,
  xgboost.renamedObjectiveAndBooster,
  scipy.numpyAliases,
  sklearn.scorersDict,
  sklearn.logisticL1Solver,
  matplotlib.spectralColormap,
  matplotlib.scatterEmptyColor,
  sklearn.gridNormalize,
  sklearn.adaboostAlgorithmSamme,
  sklearn.scalerOneDimensional,
  sklearn.binarizeOneSample,
  python.objectFormatSpec,
  ipython.setMatplotlibFormats,
  sklearn.ransacResidualMetric,
  sklearn.liblinearMulticlassOvr,
  ...API_TABLE_RULES, // api-table.moved-name, api-table.keyword-rename (catalog/api-table.ts)
  environment.decorativeExtension,
  environment.widgetImports,
  calibrate.sklearnForestNEstimators,
  calibrate.sklearnLogisticSolver,
  calibrate.sklearnLogisticMultiClass,
  calibrate.sklearnSvmGamma,
  calibrate.sklearnCv3Folds,
  calibrate.sklearnKmeansNInit,
  calibrate.sklearnTsneDefaults,
  calibrate.sklearnIsolationForestContamination,
  numpy.legacyScalarPrinting,
  runtime.sklearnParallelJobs,
  runtime.xgboostGpu,
];

const seen = new Set<string>();
for (const rule of RULES) {
  if (seen.has(rule.id)) throw new Error(`duplicate rule id in the catalog: ${rule.id}`);
  seen.add(rule.id);
}
for (const [folder, rules] of Object.entries(LIBRARY_FOLDERS))
  for (const rule of Object.values(rules)) {
    if (!rule.id.startsWith(`${folder}.`))
      throw new Error(`rule ${rule.id} is in catalog/${folder}/: its id must start with '${folder}.'`);
    if (!RULES.includes(rule))
      throw new Error(`rule ${rule.id} (catalog/${folder}/) is not listed in catalog/index.ts's RULES`);
  }
