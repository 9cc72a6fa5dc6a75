/** What record screens may show: the 'Print Invoice' report card (spec 3). */
export { ReportCard, reportCardNeedsMessage, reportCardTitle } from './ReportCard.tsx';
