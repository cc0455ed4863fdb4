// Shows SVG markup built by lib/svg-charts (all text in it is escaped there), with PNG and CSV export buttons.
import { useNotifyError } from '../app/context';
import { ChartData, chartCsv, slug } from '../lib/chart-data';
import { downloadBlob, downloadText, svgToPng } from '../lib/download';

export function SvgView({ svg, label }: { svg: string; label: string }) {
  return <div className="svg" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}

export function ChartCard({ chart, svg }: { chart: ChartData; svg: string }) {
  const notifyError = useNotifyError();
  const name = slug(chart.title);
  return (
    <figure className="panel chart" aria-label={chart.title} data-chart={name}>
      <SvgView svg={svg} label={chart.title} />
      <figcaption className="row">
        <span className="spacer" />
        <button
          type="button"
          aria-label={`export ${chart.title} as PNG`}
          onClick={() => svgToPng(svg).then((b) => downloadBlob(b, `${name}.png`), notifyError)}
        >
          PNG
        </button>
        <button
          type="button"
          aria-label={`export ${chart.title} as CSV`}
          onClick={() => downloadText(chartCsv(chart), `${name}.csv`, 'text/csv')}
        >
          CSV
        </button>
      </figcaption>
    </figure>
  );
}
