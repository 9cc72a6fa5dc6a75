import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { itemsOf } from '../transfer/errors.ts';
import { BackgroundExports } from './BackgroundExports.tsx';
import { FavouritesPanel } from './FavouritesPanel.tsx';
import { ReportChooser } from './ReportChooser.tsx';
import { ReportFilters } from './ReportFilters.tsx';
import { ReportViewer } from './ReportViewer.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { favouriteParams, valuesFromFavourite } from './filter-logic.ts';
import { reportApi, type Favourite, type Report, type ReportCategory, type ReportParams } from './report-api.ts';
import type { RunSpec } from './useReportRun.ts';
import { useFilterOptions } from './useFilterOptions.ts';
import { useReportFilters } from './useReportFilters.ts';

/**
 * /reportmodule/view (module ReportModule, spec 3 "Reports"): the chooser, then the chosen report's filters, then its
 * viewer. The menu toggle shows or hides the chooser beside the report. ?reportId= opens that report at once.
 */
export default function ReportsPage({ screen }: ScreenComponentProps) {
  const [reports, setReports] = useState<Report[] | null>(null);
  const [categories, setCategories] = useState<ReportCategory[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Report | null>(null);
  const [menuOpen, setMenuOpen] = useState(true);
  const [spec, setSpec] = useState<RunSpec | null>(null);
  /** The favourite last loaded: the one "Email me this report…" schedules. */
  const [loaded, setLoaded] = useState<Favourite | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const filters = useReportFilters(chosen);
  const options = useFilterOptions(filters.params ?? noParams, filters.values, filters.setValue);

  const loadReports = useCallback(() => {
    Promise.all([reportApi.reports(), reportApi.categories()]).then(([list, cats]) => {
      setReports(list);
      setCategories(cats);
    }, (error: unknown) => setFailure(itemsOf(error)[0]?.ErrorMessage ?? 'The reports could not be loaded.'));
  }, []);
  useEffect(loadReports, [loadReports]);

  // ?reportId= (the builder's "Run it") opens that report once the list has it.
  const [askedId] = useState(() => Number(new URLSearchParams(window.location.search).get('reportId')));
  const openedAsked = useRef(false);
  useEffect(() => {
    if (openedAsked.current || !reports || !askedId) return;
    openedAsked.current = true;
    const asked = reports.find((r) => r.ReportId === askedId);
    if (asked) setChosen(asked);
    else setFailure('The report asked for does not exist, or is not one you may run.');
  }, [reports, askedId]);

  // Opened from the chooser (Enter, or a click), the report's heading takes the focus: the filters follow it.
  const reportHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { if (chosen) reportHeading.current?.focus(); }, [chosen]);

  const choose = (report: Report) => {
    setSpec(null);
    setLoaded(null);
    setChosen(report);
  };

  /** Generate: the report shows only when every filter is right (spec 3); each Generate runs it again. */
  const generate = (over?: ReportParams) => {
    const params = filters.check(over);
    setSpec((now) => (params && chosen ? { ReportId: chosen.ReportId, Params: params, generation: (now?.generation ?? 0) + 1 } : null));
  };

  const cancel = () => {
    filters.reset();
    setSpec(null);
    setLoaded(null);
    setChosen(null);
    setMenuOpen(true);
  };

  const loadFavourite = (favourite: Favourite) => {
    if (!filters.params) return;
    const values = valuesFromFavourite(filters.params, favourite);
    filters.setValues(values);
    setLoaded(favourite);
    generate(values);
  };

  const showChooser = menuOpen || !chosen;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {chosen && (
          <Button
            variant="outlined"
            startIcon={showChooser ? <MenuOpenIcon /> : <MenuIcon />}
            aria-expanded={showChooser}
            aria-controls="report-chooser"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {showChooser ? 'Hide reports' : 'Show reports'}
          </Button>
        )}
        <Typography variant="h1">{screen.title}</Typography>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!reports && !failure && <LinearProgress aria-label="Loading the reports" />}
      {reports && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          {showChooser && (
            <Paper id="report-chooser" variant="outlined" sx={{ p: 1, width: { xs: '100%', md: chosen ? 320 : 560 }, flexShrink: 0 }}>
              <ReportChooser reports={reports} categories={categories} chosenId={chosen?.ReportId ?? null} onChoose={choose} />
            </Paper>
          )}
          {chosen && (
            <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography component="h2" variant="h5" ref={reportHeading} tabIndex={-1} sx={{ outline: 'none' }}>{chosen.ReportDispName}</Typography>
                {chosen.Description && <Typography color="text.secondary">{chosen.Description}</Typography>}
                {chosen.ShowHelpText && chosen.HelpText && <Typography variant="body2" sx={{ mt: 1 }}>{chosen.HelpText}</Typography>}
                <Box sx={{ mt: 2 }}>
                  <ReportFilters params={filters.params} values={filters.values} errors={filters.errors} loadError={filters.loadError}
                    onChange={filters.setValue} onGenerate={() => generate()} onCancel={cancel} options={options} />
                </Box>
                {filters.params && (
                  <Box sx={{ mt: 2 }}>
                    <FavouritesPanel
                      reportId={chosen.ReportId}
                      currentParams={() => (filters.check() ? favouriteParams(filters.params!, filters.values, options.optionsOf) : null)}
                      onLoad={loadFavourite}
                      onChanged={loadReports}
                    />
                    {loaded && (
                      <>
                        <Button sx={{ mt: 1 }} startIcon={<ScheduleSendIcon />} onClick={() => setScheduling(true)}>Email me this report…</Button>
                        <ScheduleDialog open={scheduling} reportId={chosen.ReportId} favourite={loaded} onClose={() => setScheduling(false)} />
                      </>
                    )}
                  </Box>
                )}
              </Paper>
              {spec && (
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <ReportViewer report={chosen} spec={spec} onFieldErrors={filters.setErrors} />
                </Paper>
              )}
            </Stack>
          )}
        </Stack>
      )}
      {reports && <BackgroundExports />}
    </Stack>
  );
}

const noParams: never[] = [];
