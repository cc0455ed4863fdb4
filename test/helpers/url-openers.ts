// The notebook and the data the URL-serving tests share (local runtime in both stacks, Docker runtime): one cell
// per way of opening a URL, and an OpenML dataset laid out as its API serves it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Notebook } from '../../shared/models/notebook';
import { codeNotebook } from './notebooks';

export const OPENML_ID = 424242;
export const UNMAPPED = 'https://nbrevive-unmapped.invalid';

/** An OpenML dataset as its API serves it (description, features, qualities, ARFF): what fetch_openml asks for. */
export function writeOpenml(dir: string): Record<string, string> {
  fs.mkdirSync(dir, { recursive: true });
  const arff =
    '@RELATION tiny\n@ATTRIBUTE x1 NUMERIC\n@ATTRIBUTE x2 NUMERIC\n@ATTRIBUTE class {a,b}\n@DATA\n1.0,2.0,a\n3.0,4.0,b\n5.0,6.0,a\n';
  const feature = (index: number, name: string, type: string, target: boolean) => ({
    index: String(index),
    name,
    data_type: type,
    is_target: String(target),
    is_ignore: 'false',
    is_row_identifier: 'false',
    number_of_missing_values: '0',
    ...(type === 'nominal' ? { nominal_value: ['a', 'b'] } : {}),
  });
  const files: Record<string, unknown> = {
    'description.json': {
      data_set_description: {
        id: String(OPENML_ID),
        name: 'tiny',
        version: '1',
        format: 'ARFF',
        file_id: String(OPENML_ID),
        url: `https://api.openml.org/data/v1/download/${OPENML_ID}/tiny.arff`,
        default_target_attribute: 'class',
        status: 'active',
        md5_checksum: crypto.createHash('md5').update(arff).digest('hex'),
        description: 'three rows',
        upload_date: '2017-01-01T00:00:00',
        licence: 'Public',
        visibility: 'public',
      },
    },
    'features.json': {
      data_features: {
        feature: [
          feature(0, 'x1', 'numeric', false),
          feature(1, 'x2', 'numeric', false),
          feature(2, 'class', 'nominal', true),
        ],
      },
    },
    'qualities.json': {
      data_qualities: {
        quality: [
          { name: 'NumberOfInstances', value: '3.0' },
          { name: 'NumberOfFeatures', value: '3.0' },
        ],
      },
    },
  };
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), JSON.stringify(body));
  fs.writeFileSync(path.join(dir, 'tiny.arff'), arff);
  const map: Record<string, string> = {};
  // scikit-learn 1.2 asks openml.org, 1.9 www.openml.org; the data file comes from the description's url
  for (const host of ['https://openml.org', 'https://www.openml.org']) {
    map[`${host}/api/v1/json/data/${OPENML_ID}`] = path.join(dir, 'description.json');
    map[`${host}/api/v1/json/data/features/${OPENML_ID}`] = path.join(dir, 'features.json');
    map[`${host}/api/v1/json/data/qualities/${OPENML_ID}`] = path.join(dir, 'qualities.json');
    map[`${host}/data/v1/download/${OPENML_ID}`] = path.join(dir, 'tiny.arff');
  }
  map[`https://api.openml.org/data/v1/download/${OPENML_ID}/tiny.arff`] = path.join(dir, 'tiny.arff');
  return map;
}

/** The notebook: each cell opens URLs one way; `requestsPath` is put on sys.path when requests is unpacked there. */
export function openerNotebook(requestsPath: string | null): Notebook {
  const sources = [
    `import sys, tempfile\nREQUESTS = ${requestsPath === null ? 'None' : JSON.stringify(requestsPath)}\nif REQUESTS:\n    sys.path.insert(0, REQUESTS)\nHOME = tempfile.mkdtemp()`,
    "import urllib.request\nbase = 'https://data.example.org/'\nprint(urllib.request.urlopen(base + 'train.csv').read().decode().strip())\nwith urllib.request.urlopen('http://DATA.example.org/train.csv/') as r:\n    print(r.status, r.headers['Content-Type'])",
    "from urllib.request import urlretrieve\nfile, headers = urlretrieve('https://data.example.org/train.csv', 'copy.csv')\nprint(file, open(file).read().count('\\n'), headers['Content-Length'])",
    "import pandas as pd\ndf = pd.read_csv('https://data.example.org/train.csv')\nprint('pandas', int(df['y'].sum()), len(df))",
    "import seaborn as sns\ntips = sns.load_dataset('tips', data_home=HOME)\nprint('seaborn', tips.shape, round(float(tips['tip'].sum()), 2))",
    "import warnings\nfrom sklearn.datasets import fetch_openml\nwith warnings.catch_warnings():\n    warnings.simplefilter('ignore')\n    bunch = fetch_openml(data_id=424242, data_home=HOME, as_frame=False, parser='liac-arff')\nprint('openml', bunch.data.tolist(), list(bunch.target))",
    "try:\n    import requests\nexcept ImportError:\n    requests = None\nif requests:\n    r = requests.get('https://api.example.org/v1/records.json', timeout=5)\n    print('requests', r.status_code, r.json()['rows'], r.encoding)\n    print('stream', b''.join(requests.get('https://api.example.org/v1/records.json', stream=True).iter_content(4)) == r.content)",
    `urllib.request.urlopen('${UNMAPPED}/missing.csv', timeout=10)`,
    `pd.read_csv('${UNMAPPED}/other.csv')`,
    `if requests:\n    requests.get('${UNMAPPED}/missing.json', timeout=10)`,
  ];
  return codeNotebook({ id: 'title', source: '# every way a notebook opens a URL' }, sources);
}
