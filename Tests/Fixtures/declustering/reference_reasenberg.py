"""Independent Reasenberg declustering of catalog_sed.csv (plain loops and
cluster labels relabelled on merges, as ZMAP's declus.m keeps them; no union-
find), whose output the Swift test compares event by event.

Rules (ZMAP's declus.m with the choices ReasenbergDeclustering documents):
events in time order (ties by index). For each event i but the last:
  - its cluster's largest so far = the largest magnitude among the cluster's
    members up to i in time order, equal magnitudes the later;
  - tau = taumin if i is in no cluster or is that largest; else
    tau = -ln(1-P) * dt / 10^(2(dM-1)/3), dt days since the largest,
    dM = max(0, (1-xk) * M_largest - xmeff), clamped to [taumin, taumax];
  - every later j with t_j - t_i < tau is linked when d(i, j) <= rfact * r(M_i)
    or d(largest, j) <= (r(M_largest) if tau > taumin else 0), with
    r(M) = 0.011 * 10^(0.4 M) km and d the hypocentral distance of ZMAP's
    distance2.m reduced by 1.5 * err (horizontal) and derr (depth);
  - a link puts i and j in one cluster (a new one, or merging theirs);
  the mainshock of a cluster is its largest event, the earliest of equals.
Defaults: taumin 1, taumax 10 days, P 0.95, xk 0.5, xmeff = the smallest
magnitude, rfact 10, err 1.5 km, derr 2 km.
Run: python3 reference_reasenberg.py  (writes expected_reasenberg*.csv)
"""
import math

from reference_common import read_catalogue, write_expected


def colatitude(lat_deg):
    return math.pi / 2 - math.atan(0.993231 * math.tan(math.radians(lat_deg)))


def distance_km(a, b, err, derr):
    """ZMAP distance2.m's reduced hypocentral distance between events a, b."""
    ca, cb = colatitude(a[1]), colatitude(b[1])
    dlon = math.radians(b[2] - a[2])
    cosdel = math.sin(ca) * math.sin(cb) * math.cos(dlon) + math.cos(ca) * math.cos(cb)
    delr = math.acos(max(-1.0, min(1.0, cosdel)))
    colat_mid = math.pi / 2 - (math.radians(a[1]) + math.radians(b[1])) / 2
    radius = 6371.227 * (1 + 3.37853e-3 * (1.0 / 3 - math.cos(colat_mid) ** 2))
    r = max(0.0, delr * radius - 1.5 * err)
    z = max(0.0, abs(b[3] - a[3]) - derr)
    return math.sqrt(r * r + z * z)


def decluster(events, taumin=1.0, taumax=10.0, p=0.95, xk=0.5, xmeff=None, rfact=10.0, err=1.5, derr=2.0):
    if xmeff is None:
        xmeff = min(e[4] for e in events)
    order = sorted(range(len(events)), key=lambda i: (events[i][0], i))
    ev = [events[i] for i in order]
    n = len(ev)
    label = [0] * n  # 0: in no cluster
    next_label = 1
    r = [0.011 * 10 ** (0.4 * e[4]) for e in ev]
    for i in range(n - 1):
        largest = i
        if label[i] != 0:
            for k in range(i + 1):
                if label[k] == label[i] and ev[k][4] >= ev[largest][4] and (ev[k][4] > ev[largest][4] or k > largest):
                    largest = k
            # the largest among members 0..i, ties the later; i is it when M_i >= all earlier members
        if label[i] == 0 or largest == i:
            tau = taumin
        else:
            dt = (ev[i][0] - ev[largest][0]) / 86400.0
            dm = max(0.0, (1 - xk) * ev[largest][4] - xmeff)
            tau = -math.log(1 - p) * dt / 10 ** (2 * (dm - 1) / 3)
            tau = min(max(tau, taumin), taumax)
        rtest2 = 0.0 if tau == taumin else r[largest]
        linked = []
        j = i + 1
        while j < n and ev[j][0] - ev[i][0] < tau * 86400:
            if (distance_km(ev[i], ev[j], err, derr) <= rfact * r[i]
                    or distance_km(ev[largest], ev[j], err, derr) <= rtest2):
                linked.append(j)
            j += 1
        if not linked:
            continue
        labels = set(label[k] for k in [i] + linked if label[k] != 0)
        if labels:
            target = min(labels)
            for k in range(n):
                if label[k] in labels:
                    label[k] = target
        else:
            target = next_label
            next_label += 1
        for k in [i] + linked:
            label[k] = target
    mainshock_sorted = list(range(n))
    best = {}
    for k in range(n):
        if label[k] != 0 and (label[k] not in best or ev[k][4] > ev[best[label[k]]][4]):
            best[label[k]] = k
    for k in range(n):
        if label[k] != 0:
            mainshock_sorted[k] = best[label[k]]
    mainshock = [0] * n
    for k in range(n):
        mainshock[order[k]] = order[mainshock_sorted[k]]
    return mainshock


if __name__ == "__main__":
    events = read_catalogue()
    write_expected("expected_reasenberg.csv", events, decluster(events),
                   "reference_reasenberg.py, ZMAP defaults (xmeff = smallest magnitude, -0.0304), on catalog_sed.csv")
    write_expected("expected_reasenberg_xmeff1.5.csv", events, decluster(events, xmeff=1.5),
                   "reference_reasenberg.py, ZMAP defaults but xmeff 1.5, on catalog_sed.csv")
