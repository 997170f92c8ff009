/**
 * Canvas charts on uPlot for the result viewers: lines, scatter (IQ plane) and bars, each with
 * zoom (drag, wheel, keyboard), pan, hover values, reset, a data table and PNG export.
 */
export { LineChart } from './LineChart';
export type { LineChartProps, LineSeries } from './LineChart';
export { ScatterChart } from './ScatterChart';
export type { ScatterChartProps, ScatterSeries } from './ScatterChart';
export { TrendChart } from './TrendChart';
export type { TrendChartProps, TrendPoint } from './TrendChart';
export { BarChart } from './BarChart';
export type { BarChartProps, BarSeries } from './BarChart';
export { DataTable } from './DataTable';
export type { Column, DataTableProps } from './DataTable';
export { downloadBlob, downloadText, fileSlug } from '../download';
