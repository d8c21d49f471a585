#!/usr/bin/env python3
"""Derives the map's line layers, in the format of Resources/land_110m.txt,
from the shared data (../shared/data/naturalearth and ../shared/data/tectonics):

    python3 Tools/make-map-layers.py ../shared/data Resources

writes into Resources/:

- coast_50m.txt        Natural Earth 1:50m coastline (public domain),
                       from naturalearth/ne_50m_coastline.json;
- plates_pb2002.txt    Bird (2003) PB2002 plate boundaries (ODC-By 1.0),
                       from tectonics/PB2002_boundaries.json;
- faults_gem2021.txt   GEM Global Active Faults 2021 traces (CC BY-SA 4.0),
                       from tectonics/gem_active_faults_harmonized_2021_geometry.geojson.

Every LineString, and every part of a MultiLineString, becomes one polyline
with coordinates rounded to 0.01 degree and consecutive repeated points
dropped (a trace shorter than 0.01 degree is left as one point). A layer
that would still exceed SIMPLIFY_ABOVE bytes is simplified by
Douglas-Peucker with a tolerance of one hundredth of a degree (the
rounding's own step, about 1 km): coast_50m (664 kB unsimplified) and
faults_gem2021 (1.3 MB) are; plates_pb2002 (71 kB) is not. The output is
the same for the same input (features in file order, no sets iterated).

Output: `#` comment lines, then one polyline per line, its points separated
by spaces, each point `lon,lat` in hundredths of a degree (integers). A
summary per layer (polylines, points, bytes) goes to standard error.
"""
import json
import os
import sys

# Bytes above which a layer is simplified (the bundle stays reasonable).
SIMPLIFY_ABOVE = 600_000
# Douglas-Peucker tolerance, in hundredths of a degree.
TOLERANCE = 1

LAYERS = [
    # (output, input under the data folder, header lines)
    ("coast_50m.txt", "naturalearth/ne_50m_coastline.json", [
        "Coastlines for quakes-tui's map at regional zoom: Natural Earth 1:50m coastline",
        "(public domain, https://www.naturalearthdata.com/; Natural Earth 5.x as GeoJSON from",
        "github.com/martynafford/natural-earth-geojson 0b9a6ceb0a7032713abd9460ac1e995a9c60cd1e)",
        "by Tools/make-map-layers.py; see coast_50m.README.md.",
    ]),
    ("plates_pb2002.txt", "tectonics/PB2002_boundaries.json", [
        "Plate boundaries for quakes-tui's map: PB2002 of Peter Bird, \"An updated digital model of",
        "plate boundaries\", Geochemistry Geophysics Geosystems 4(3), 1027, 2003, doi:10.1029/2001GC000252,",
        "as GeoJSON from github.com/fraxen/tectonicplates 339b0c56563c118307b1f4542703047f5f698fae.",
        "Open Data Commons Attribution License 1.0; see plates_pb2002.README.md.",
    ]),
    ("faults_gem2021.txt", "tectonics/gem_active_faults_harmonized_2021_geometry.geojson", [
        "Active faults for quakes-tui's map: GEM Global Active Faults Database (2021 harmonized traces),",
        "Styron, R., and Pagani, M. (2020), \"The GEM Global Active Faults Database\", Earthquake Spectra",
        "36(1_suppl), 160-180, doi:10.1177/8755293020944182; github.com/GEMScienceTools/gem-global-active-faults",
        "56816508ad92fd6846dad1163b1c8c01376a2cd1. Licensed CC BY-SA 4.0 (faults_gem2021.LICENSE.txt):",
        "this derived file is under the same licence; see faults_gem2021.README.md.",
    ]),
]


def centidegrees(value):
    # Round half away from zero, as Tools/make-land-outline.py does.
    scaled = value * 100
    return int(scaled + 0.5) if scaled >= 0 else -int(-scaled + 0.5)


def without_repeats(points):
    kept = []
    for point in points:
        if not kept or kept[-1] != point:
            kept.append(point)
    return kept


def polylines(path):
    with open(path, encoding="utf-8") as file:
        features = json.load(file)["features"]
    for feature in features:
        geometry = feature["geometry"]
        if geometry is None:
            continue
        kind = geometry["type"]
        if kind == "LineString":
            parts = [geometry["coordinates"]]
        elif kind == "MultiLineString":
            parts = geometry["coordinates"]
        else:
            raise SystemExit(f"{path}: a {kind} where lines were expected")
        for part in parts:
            points = without_repeats([(centidegrees(c[0]), centidegrees(c[1])) for c in part])
            if points:
                yield points


def squared_distance(point, a, b):
    """From `point` to the segment a-b."""
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0 if length == 0 else max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / length))
    return (ax + t * dx - px) ** 2 + (ay + t * dy - py) ** 2


def simplified(points, tolerance):
    """Douglas-Peucker, iterative (traces of thousands of points)."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    spans = [(0, len(points) - 1)]
    while spans:
        first, last = spans.pop()
        farthest, distance = -1, -1
        for i in range(first + 1, last):
            d = squared_distance(points[i], points[first], points[last])
            if d > distance:
                farthest, distance = i, d
        if distance > tolerance * tolerance:
            keep[farthest] = True
            spans += [(first, farthest), (farthest, last)]
    # A tiny closed ring can come back as a point twice.
    return without_repeats([p for p, k in zip(points, keep) if k])


def body(lines):
    return "".join(" ".join(f"{lon},{lat}" for lon, lat in line) + "\n" for line in lines)


def write_layer(output, source, header):
    lines = list(polylines(source))
    note = "not simplified"
    if len(body(lines).encode()) > SIMPLIFY_ABOVE:
        lines = [simplified(line, TOLERANCE) for line in lines]
        note = f"simplified (Douglas-Peucker, {TOLERANCE / 100} degree)"
    points = sum(len(line) for line in lines)
    text = "".join(f"# {line}\n" for line in header)
    text += f"# {len(lines)} polylines, {points} points, {note}; each point lon,lat in hundredths of a degree.\n"
    text += body(lines)
    with open(output, "w", encoding="utf-8", newline="\n") as file:
        file.write(text)
    print(f"{os.path.basename(output)}: {len(lines)} polylines, {points} points, {len(text.encode())} bytes, {note}",
          file=sys.stderr)


def main(data, resources):
    for output, source, header in LAYERS:
        write_layer(os.path.join(resources, output), os.path.join(data, source), header)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: make-map-layers.py DATA_FOLDER RESOURCES_FOLDER  (e.g. ../shared/data Resources)")
    main(sys.argv[1], sys.argv[2])
