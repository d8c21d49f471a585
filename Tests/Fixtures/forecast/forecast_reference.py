#!/usr/bin/env python3
"""Independent check of the Reasenberg & Jones (1989) aftershock forecast and
of the Omori–Utsu expected count: the rate is integrated numerically
(scipy.integrate.quad), not by the closed form the Swift code uses.

  lambda(t, M) = 10^(a + b(Mm - M)) * (t + c)^(-p)   per day
  N = integral of lambda over [t0, t0 + horizon],  P(>= 1) = 1 - exp(-N)

Prints what AftershockForecastTests.swift and OmoriFitTests.swift expect.
Run: python3 forecast_reference.py
"""
import math

from scipy.integrate import quad

GENERIC = dict(a=-1.67, b=0.91, p=1.08, c=0.05)  # Reasenberg & Jones 1989, Science 243, 1173


def expected(k, c, p, t1, t2):
    value, _ = quad(lambda t: k * (t + c) ** (-p), t1, t2, epsabs=0, epsrel=1e-13, limit=200)
    return value


def forecast(mm, elapsed, a, b, p, c):
    print(f"M{mm} mainshock, {elapsed} days elapsed, a={a} b={b} p={p} c={c}")
    for m in (mm - 1, 5, 6, 7):
        k = 10 ** (a + b * (mm - m))
        for horizon in (1, 7, 30, 365):
            n = expected(k, c, p, elapsed, elapsed + horizon)
            print(f"  M>={m:.1f} {horizon:>3} d: N = {n:.10g}  P = {-math.expm1(-n):.10g}")


forecast(7.1, 1.0, **GENERIC)
forecast(6.0, 0.0, **GENERIC)

# SAPP's momori fit of main2003JUL26 (M >= 2.5, 0.01..18.68 d): expected counts and a rate.
K, C, P = 95.37593200, 0.05960030679, 0.97406207467
print(f"SAPP fit: N(0.01, 18.68) = {expected(K, C, P, 0.01, 18.68):.10g}")
print(f"SAPP fit: N(1, 2) = {expected(K, C, P, 1, 2):.10g}")
print(f"SAPP fit: rate at 1 d = {K * (1 + C) ** (-P):.10g}")
print(f"p = 1 exactly (K = 100, c = 0.1): N(0, 10) = {expected(100, 0.1, 1.0, 0, 10):.10g}"
      f"  vs 100 ln(10.1/0.1) = {100 * math.log(10.1 / 0.1):.10g}")
print(f"p = 1 + 1e-9 (K = 100, c = 0.1): N(0, 10) = {expected(100, 0.1, 1 + 1e-9, 0, 10):.10g}")
