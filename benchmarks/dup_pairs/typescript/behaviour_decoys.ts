// Same idiom families, different jobs: sums of other fields, smallest versus largest.

interface Parcel { weight: number; volume: number; }

export function totalWeight(parcels: Parcel[]): number {
  let weight = 0;
  for (let i = 0; i < parcels.length; i++) {
    weight += parcels[i].weight;
  }
  return weight;
}

export function totalVolume(parcels: Parcel[]): number {
  return parcels.reduce((sum, parcel) => sum + parcel.volume, 0);
}

export function heaviestWeight(parcels: Parcel[]): number {
  return Math.max(...parcels.map((parcel) => parcel.weight));
}

export function lightestWeight(parcels: Parcel[]): number {
  let best = Infinity;
  for (const parcel of parcels) {
    if (parcel.weight < best) {
      best = parcel.weight;
    }
  }
  return best;
}
