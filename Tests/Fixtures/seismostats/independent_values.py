#!/usr/bin/env python3
"""Independent expectations for Tests/QuakeSeismologyTests (numpy only, no
SeismoStats code): each block prints the numbers a Swift test pastes, named
after the test. Run from this folder: python3 independent_values.py"""
import csv
import math

import numpy as np

LN10 = math.log(10)

# BValueTests.classicDocstringExampleWithShiBoltSigma: SeismoStats classic.py
# docstring magnitudes, Mc 2.0, Δm 0.1. Tinti & Mulargia binned MLE, then
# Shi & Bolt (1982): σ = ln10 · b² · sd(m) / sqrt(n − 1), sd with divisor n.
mags = np.array([2.0, 2.5, 2.1, 2.2, 2.5, 2.2, 2.6, 2.3, 2.7, 2.2, 2.4, 2.0,
                 2.7, 2.2, 2.3, 2.1, 2.4, 2.6, 2.2, 2.2, 2.7, 2.4, 2.2, 2.5])
beta = math.log(1 + 0.1 / np.mean(mags - 2.0)) / 0.1
b = beta / LN10
sigma = LN10 * b * b * np.std(mags) / math.sqrt(len(mags) - 1)
print("classic docstring: b", repr(b), "sigma", repr(sigma))

# KSCompletenessTests: KS distance of the magnitudes at or above Mc against the
# binned GR CDF F(x) = 1 − exp(−β (x − Mc + Δm)) over the bins Mc … max(m),
# and the share of the simulated distances of ks_ds.csv at least as large.
MAGNITUDES = np.array([  # SeismoStats test_estimate_mc.py l. 17–29
    2.3, 1.2, 1.5, 1.2, 1.7, 1.1, 1.2, 1.5, 1.8, 1.6, 1.2, 1.5,
    1.2, 1.7, 1.6, 1.1, 1.1, 1.2, 2.0, 1.1, 1.2, 1.1, 1.2, 1.6,
    1.9, 1.3, 1.7, 1.3, 1.0, 1.2, 1.7, 1.3, 1.3, 1.1, 1.5, 1.4,
    1.1, 2.1, 1.2, 2.2, 1.7, 1.6, 1.1, 2.0, 2.1, 1.2, 1.0, 1.5,
    1.2, 1.7, 1.8, 1.1, 1.3, 1.1, 1.3, 1.4, 2.1, 2.0, 1.1, 2.2,
    1.8, 1.4, 1.1, 1.0, 2.0, 2.0, 1.1, 1.0, 1.0, 1.5, 1.6, 3.7,
    2.8, 1.5, 1.1, 1.2, 1.4, 2.3, 1.5, 1.2, 1.7, 1.1, 1.6, 1.2,
    1.5, 1.1, 1.2, 1.7, 1.2, 1.6, 1.2, 1.1, 1.8, 1.2, 1.1, 1.0,
    1.3, 1.1, 1.6, 1.6])
with open('ks_ds.csv') as f:
    rows = list(csv.reader(f))
KS_DS = {name: np.array([float(r[i]) for r in rows[1:]]) for i, name in enumerate(rows[0]) if i > 0}


def ks(mags, mc, dm, beta, sims):
    k = np.rint(mags / dm).astype(int)
    kmc = int(round(mc / dm))
    k = k[k >= kmc]
    bins = np.arange(kmc, k.max() + 1)
    emp = np.array([np.sum(k <= j) for j in bins]) / len(k)
    th = 1 - np.exp(-beta * (bins - kmc + 1) * dm)
    d = np.max(np.abs(emp - th))
    near = np.sum(np.abs(sims - d) < 1e-9)
    return d, np.mean(sims >= d - 1e-12), near


for mc, name in [(0.8, '0.8'), (0.9, '0.9'), (1.0, '1.0'), (1.1, '1.1')]:
    print("KS beta 2.24 mc", mc, "distance, p, simulated within 1e-9 of it:", ks(MAGNITUDES, mc, 0.1, 2.24, KS_DS[name]))
print("ks_test_gr mc 1.0 b 1:", ks(MAGNITUDES, 1.0, 0.1, LN10, KS_DS['0.8']))
s = MAGNITUDES[MAGNITUDES >= 1.05]
beta = math.log(1 + 0.1 / np.mean(s - 1.1)) / 0.1
print("KS mc 1.1, b estimated: beta", repr(beta), "distance", repr(ks(MAGNITUDES, 1.1, 0.1, beta, KS_DS['1.1'])[0]))

# MagnitudeMixTests: catalog_sed.csv's magnitude_type column, case folded.
with open('catalog_sed.csv') as f:
    types = [r['magnitude_type'].strip().lower() for r in csv.DictReader(f)]
print("catalog_sed magnitude types:", sorted(((t, types.count(t)) for t in set(types)), key=lambda x: (-x[1], x[0])))

# MomentTests: Hanks & Kanamori (1979) M0 = 10^(1.5 Mw + 9.1) N·m, Mw = 2/3 (log10 M0 − 9.1).
def moment(mw):
    return 10 ** (1.5 * mw + 9.1)


def mw(m0):
    return 2 / 3 * (math.log10(m0) - 9.1)


print("moment Mw 6:", repr(moment(6.0)), " Mw 2 × M6:", repr(mw(2 * moment(6.0))),
      " Mw M7 + M5:", repr(mw(moment(7.0) + moment(5.0))), " Mw of 1000 × M4:", repr(mw(1000 * moment(4.0))))

# RateChangeTests: Matthews & Reasenberg (1988) β = (n_w − n t_w/T) / sqrt(n (t_w/T)(1 − t_w/T)).
def beta_statistic(nw, tw, n, T):
    f = tw / T
    return (nw - n * f) / math.sqrt(n * f * (1 - f))


print("beta 20 of 100 in 10 of 100 days:", repr(beta_statistic(20, 10, 100, 100)),
      " 1 of 50 in 30 of 365 days:", repr(beta_statistic(1, 30, 50, 365)))
