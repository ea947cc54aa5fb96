import { lazy, Suspense, type ComponentProps } from 'react';
import { retryImport } from '../loading/retryImport';
import { Spinner } from '../../ui/Spinner';

const AppointmentPanel = lazy(
  retryImport(() => import(/* webpackChunkName: "appointment-panel" */ './AppointmentPanel')),
);

/** The appointment's panel, loaded apart: checkout's and the order pages' chunks stay small. */
export function LazyAppointmentPanel(props: ComponentProps<typeof AppointmentPanel>) {
  return (
    <Suspense fallback={<Spinner inline label="Loading your fitting appointment" showLabel />}>
      <AppointmentPanel {...props} />
    </Suspense>
  );
}
