// The normalised train records every provider maps into, whatever its upstream format.
// Times are "HH.MM" (hours-dot-minutes, as /openapi.json documents); days_runs is seven 0/1 characters, Monday first.

export interface StationRef {
  code: string;
  name: string;
}

/** One train between two stations (the /train list item). */
export interface TrainListItem {
  train_number: string;
  train_name: string;
  from: StationRef;
  to: StationRef;
  departure: string;
  arrival: string;
  duration: string;
  /** Days the train leaves the `from` station, Monday first. */
  days_runs: string;
  classes: string[];
  train_type: string;
}

/** A list item as a provider returns it: fares when the upstream quotes them (used by /train/live). */
export interface ProviderTrain extends TrainListItem {
  distance_km?: number;
  fare?: Record<string, number>;
}

export interface TrainInfo {
  train_number: string;
  train_name: string;
  type: string;
  from: string;
  to: string;
  departure: string;
  arrival: string;
  duration: string;
  distance_km: number;
  days_runs: string;
  /** Names of the terminals, when the upstream gives them (used by /train/live). */
  from_name?: string;
  to_name?: string;
}

export interface RouteStop {
  sequence: number;
  station: StationRef;
  /** null at the origin. */
  arrival: string | null;
  /** null at the destination. */
  departure: string | null;
  halt_min: number | null;
  /** Day of the journey (1 = the day the train leaves its origin). */
  day: number;
  distance_km: number | null;
  lat: number | null;
  lon: number | null;
}

export interface TrainRoute {
  train_number: string;
  train_name: string;
  route: RouteStop[];
}

export interface PnrPassenger {
  number: number;
  booking_status: string;
  current_status: string;
}

export interface PnrStatus {
  pnr: string;
  train_number: string;
  train_name: string;
  /** Journey date, YYYY-MM-DD. */
  date: string;
  class: string;
  from: string;
  to: string;
  chart_prepared: boolean;
  passengers: PnrPassenger[];
}

/** What a between-stations provider is asked. */
export interface BetweenQuery {
  from: string;
  to: string;
  /** YYYY-MM-DD */
  date: string;
}

/** The live status record /train/live answers: the journey on a date, with the fare of each class. */
export interface LiveStatus extends Omit<TrainListItem, 'days_runs' | 'classes'> {
  distance_km: number;
  /** Rupees, keyed by class code. */
  fare: Record<string, number>;
}
