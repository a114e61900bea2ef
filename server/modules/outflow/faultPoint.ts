/**
 * The chaos run's power cut (tests/cluster/outflowCrash.test.ts; docs/chains.md "The intent log"):
 * with OUTFLOW_FAULT set to a point's name, the process kills itself there, mid-outflow, as a crash
 * or a kill -9 would, so a restart must finish what it left. Read once at start; never set in a
 * deployment.
 */
export type FaultPoint = 'handedOver' | 'mined';

const armed = process.env.OUTFLOW_FAULT as FaultPoint | undefined;

export function faultPoint(point: FaultPoint): void {
  if (armed === point) process.kill(process.pid, 'SIGKILL');
}
