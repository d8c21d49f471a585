"""Independent Gardner-Knopoff declustering of catalog_sed.csv (plain loops),
whose output the Swift test compares event by event.

Rules (SeismoStats' GardnerKnopoffType1, fs_time_prop 1): visit events by
magnitude descending, equal magnitudes the earlier (time, then index) first;
an event in no cluster opens one and takes every event in no cluster with
-T <= t - t0 <= T and haversine distance <= L (R = 6371.227 km).
Run: python3 reference_gardner_knopoff.py  (writes expected_gardner_knopoff_<window>.csv)
"""
import math

from reference_common import read_catalogue, write_expected


def window(name, m):
    """(L km, T days) of the three windows."""
    if name == "gk":
        t = 10 ** (0.032 * m + 2.7389) if m >= 6.5 else 10 ** (0.5409 * m - 0.547)
        return 10 ** (0.1238 * m + 0.983), t
    if name == "gruenthal":
        t = abs(math.exp(-3.95 + math.sqrt(0.62 + 17.32 * m))) if m < 6.5 else 10 ** (2.8 + 0.024 * m)
        return math.exp(1.77 + math.sqrt(0.037 + 1.02 * m)), t
    return math.exp(-1.024 + 0.804 * m), math.exp(-2.87 + 1.235 * m)


def haversine_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.227 * math.asin(min(1.0, math.sqrt(h)))


def decluster(events, name):
    n = len(events)
    visit = sorted(range(n), key=lambda i: (-events[i][4], events[i][0], i))
    mainshock = [None] * n
    for i in visit:
        if mainshock[i] is not None:
            continue
        t0, lat0, lon0, _, m0 = events[i]
        radius, days = window(name, m0)
        mainshock[i] = i
        for j in range(n):
            if mainshock[j] is not None:
                continue
            dt = events[j][0] - t0
            if -days * 86400 <= dt <= days * 86400 and haversine_km(lat0, lon0, events[j][1], events[j][2]) <= radius:
                mainshock[j] = i
    return mainshock


if __name__ == "__main__":
    events = read_catalogue()
    for name in ("gk", "gruenthal", "uhrhammer"):
        write_expected("expected_gardner_knopoff_%s.csv" % name, events, decluster(events, name),
                       "reference_gardner_knopoff.py, window %s, foreshock fraction 1, no cutoff, on catalog_sed.csv" % name)
