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
