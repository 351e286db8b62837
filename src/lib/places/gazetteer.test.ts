// The spot check of SOURCES.md, kept as a test so a new run of scripts/places-gazetteer.ts that
// moves a well-known town is caught: each town's coordinates against its centre as commonly
// published (recalled by hand on 2026-12-06, not fetched), within 10 km.

import { describe, expect, it } from 'vitest';
import { TOWNS } from './gazetteer.js';
import { kmBetween } from './km.js';

const CENTRES: [string, string, number, number][] = [
  ['Varanasi', 'Uttar Pradesh', 25.3176, 82.9739],
  ['Patna', 'Bihar', 25.5941, 85.1376],
  ['Nagpur', 'Maharashtra', 21.1458, 79.0882],
  ['Indore', 'Madhya Pradesh', 22.7196, 75.8577],
  ['Kochi', 'Kerala', 9.9312, 76.2673],
  ['Thiruvananthapuram', 'Kerala', 8.5241, 76.9366],
  ['Srinagar', 'Jammu and Kashmir', 34.0837, 74.7973],
  ['Shimla', 'Himachal Pradesh', 31.1048, 77.1734],
  ['Dehradun', 'Uttarakhand', 30.3165, 78.0322],
  ['Bhubaneswar', 'Odisha', 20.2961, 85.8245],
  ['Ranchi', 'Jharkhand', 23.3441, 85.3096],
  ['Raipur', 'Chhattisgarh', 21.2514, 81.6296],
  ['Visakhapatnam', 'Andhra Pradesh', 17.6868, 83.2185],
  ['Coimbatore', 'Tamil Nadu', 11.0168, 76.9558],
  ['Madurai', 'Tamil Nadu', 9.9252, 78.1198],
  ['Amritsar', 'Punjab', 31.634, 74.8723],
  ['Agra', 'Uttar Pradesh', 27.1767, 78.0081],
  ['Udaipur', 'Rajasthan', 24.5854, 73.7125],
  ['Port Blair', 'Andaman and Nicobar', 11.6234, 92.7265],
  ['Leh', 'Ladakh', 34.1526, 77.5771],
  ['Panjim', 'Goa', 15.4909, 73.8278],
  ['Gangtok', 'Sikkim', 27.3389, 88.6065],
  ['Imphal', 'Manipur', 24.817, 93.9368],
  ['Aurangabad', 'Maharashtra', 19.8762, 75.3433],
  ['Aurangabad', 'Bihar', 24.7521, 84.3742],
  ['Gurugram', 'Haryana', 28.4595, 77.0266],
  ['Mysuru', 'Karnataka', 12.2958, 76.6394],
  ['Prayagraj', 'Uttar Pradesh', 25.4358, 81.8463],
  ['Jodhpur', 'Rajasthan', 26.2389, 73.0243],
  ['Shillong', 'Meghalaya', 25.5788, 91.8933],
  ['Aizawl', 'Mizoram', 23.7271, 92.7176],
  ['Kohima', 'Nagaland', 25.6751, 94.1086],
  ['Chandigarh', 'Haryana', 30.7333, 76.7794],
  ['Puducherry', 'Puducherry', 11.9416, 79.8083],
  ['Vijayawada', 'Andhra Pradesh', 16.5062, 80.648],
  ['Kanpur', 'Uttar Pradesh', 26.4499, 80.3319],
  ['Surat', 'Gujarat', 21.1702, 72.8311],
  ['Mangaluru', 'Karnataka', 12.9141, 74.856],
  ['New Delhi', 'Delhi', 28.6139, 77.209],
];

const km = kmBetween;

describe('the gazetteer', () => {
  it.each(CENTRES)('places %s (%s) within 10 km of its centre', (name, state, lat, lon) => {
    const town = TOWNS.find((t) => t.name === name && t.state === state);
    expect(town, name).toBeDefined();
    expect(km(town!, { lat, lon })).toBeLessThan(10);
  });

  it('has every state and union territory capital', () => {
    for (const name of ['Amaravati', 'Itanagar', 'Dispur', 'Gandhinagar', 'Ranchi', 'Kavaratti', 'Silvassa', 'Daman', 'Jammu', 'Agartala']) {
      expect(
        TOWNS.some((t) => t.name === name),
        name,
      ).toBe(true);
    }
  });
});
