#!/usr/bin/env python3
"""Independent check of the Omori–Utsu maximum-likelihood fit (Ogata 1983) on
SAPP's main2003JUL26.csv: M >= 2.5, 0.01 <= t <= 18.68 days, n(t) = K/(t+c)^p.

Written apart from the Swift code: scipy's Nelder–Mead on the full 3-parameter
-log L (no profiling), then the observed Fisher information as a central
finite-difference Hessian of -log L (step relative to each parameter, checked
at two step sizes), inverted with numpy. Prints the fit, -log L and the standard
errors that OmoriFitTests.swift expects. Run: python3 omori_reference.py
"""
import csv
import os

import numpy as np
from scipy.optimize import minimize

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "main2003JUL26.csv")) as f:
    rows = list(csv.DictReader(f))


def select(threshold, start, end):
    return np.array([float(r["time"]) for r in rows if float(r["magnitude"]) >= threshold
                     and start <= float(r["time"]) <= end])


def make_neg_log_l(times, S, T):
    def neg_log_l(theta):
        k, c, p = theta
        if k <= 0 or c <= 0:
            return np.inf
        if p == 1.0:
            integral = k * np.log((T + c) / (S + c))
        else:
            integral = k * ((T + c) ** (1 - p) - (S + c) ** (1 - p)) / (1 - p)
        return -(len(times) * np.log(k) - p * np.sum(np.log(times + c))) + integral
    return neg_log_l


def hessian(f, x, rel):
    x = np.asarray(x, float)
    h = rel * np.abs(x)
    m = len(x)
    out = np.zeros((m, m))
    for i in range(m):
        for j in range(m):
            def at(si, sj):
                y = x.copy()
                y[i] += si * h[i]
                y[j] += sj * h[j]
                return f(y)
            out[i, j] = (at(1, 1) - at(1, -1) - at(-1, 1) + at(-1, -1)) / (4 * h[i] * h[j])
    return out


def report(threshold, S, T):
    times = select(threshold, S, T)
    neg_log_l = make_neg_log_l(times, S, T)
    # Starting values unrelated to the answer.
    result = minimize(neg_log_l, [50.0, 0.5, 1.3], method="Nelder-Mead",
                      options={"xatol": 1e-12, "fatol": 1e-13, "maxiter": 20000, "maxfev": 40000})
    theta = result.x
    print(f"M >= {threshold}, {S} <= t <= {T} days:")
    print(f"n = {len(times)}")
    print(f"K = {theta[0]:.8f}  c = {theta[1]:.10f}  p = {theta[2]:.10f}")
    print(f"-log L = {neg_log_l(theta):.6f}")
    for rel in (1e-3, 1e-4):
        cov = np.linalg.inv(hessian(neg_log_l, theta, rel))
        se = np.sqrt(np.diag(cov))
        print(f"step {rel:g}: sigma K = {se[0]:.6f}  sigma c = {se[1]:.8f}  sigma p = {se[2]:.8f}")


report(2.5, 0.01, 18.68)
report(3.0, 0.02, 18.68)

# 15 events all within 1.8 days of a 30-day window (OmoriFitTests.eventsThatDieOutTooFast…):
# the profile −log L, minimised over c at each fixed p, keeps falling as p grows, so there
# is no maximum of the likelihood at a finite p.
fast = np.array([0.0061, 0.0146, 0.0219, 0.0557, 0.2125, 0.2591, 0.2609, 0.3862, 0.6692, 0.6732,
                 0.6778, 0.7521, 1.2218, 1.3040, 1.7988])
fast_neg_log_l = make_neg_log_l(fast, 0.0, 30.0)
print("15 events in 0..30 days, best -log L at fixed p:")
for p in (1, 2, 5, 10, 20, 50):
    best = minimize(lambda kc: fast_neg_log_l([np.exp(kc[0]), np.exp(kc[1]), p]), [0.0, 0.0],
                    method="Nelder-Mead", options={"xatol": 1e-10, "fatol": 1e-12, "maxiter": 20000})
    print(f"  p = {p}: -log L = {best.fun:.6f}")
