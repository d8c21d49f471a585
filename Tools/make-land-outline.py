#!/usr/bin/env python3
"""Derives Resources/land_110m.txt, the map's land outlines, from Natural
Earth's 1:110m admin-0 countries (public domain), as copied to
../shared/data/naturalearth/ne_110m_countries.geojson.

    python3 Tools/make-land-outline.py ../shared/data/naturalearth/ne_110m_countries.geojson > Resources/land_110m.txt

Only coastlines are kept: every ring of every country is cut into edges with
coordinates rounded to 0.01 degree; an edge two countries share (a land
border, traced once by each neighbour) is dropped, and so are the straight
edges Natural Earth adds where it cuts a polygon at the antimeridian
(longitude +-180) or closes Antarctica at the south pole (latitude -90).
What remains of each ring is written as polylines, in the ring's order, so
the output is the same for the same input (no sets are iterated).

Output: `#` comment lines, then one polyline per line, its points separated
by spaces, each point `lon,lat` in hundredths of a degree (integers).
"""
import json
import sys


def centidegrees(value):
    # Round half away from zero, as the 4-decimal source is exact enough.
    scaled = value * 100
    return int(scaled + 0.5) if scaled >= 0 else -int(-scaled + 0.5)


def rings(geometry):
    polygons = geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
    for polygon in polygons:
        for ring in polygon:
            points = []
            for lon, lat in ring:
                point = (centidegrees(lon), centidegrees(lat))
                if not points or points[-1] != point:
                    points.append(point)
            if len(points) > 1 and points[0] == points[-1]:
                points.pop()          # open ring: edges wrap around
            if len(points) >= 2:
                yield points


def artificial(a, b):
    """Natural Earth's cuts: along the antimeridian, or along the pole."""
    on_meridian = abs(a[0]) == 18000 and a[0] == b[0]
    on_pole = a[1] <= -8999 and b[1] <= -8999
    return on_meridian or on_pole


def main(path):
    with open(path, encoding="utf-8") as file:
        features = json.load(file)["features"]
    all_rings = [ring for feature in features for ring in rings(feature["geometry"])]

    uses = {}
    for ring in all_rings:
        for i, a in enumerate(ring):
            b = ring[(i + 1) % len(ring)]
            key = (a, b) if a < b else (b, a)
            uses[key] = uses.get(key, 0) + 1

    def coast(a, b):
        key = (a, b) if a < b else (b, a)
        return uses[key] == 1 and not artificial(a, b)

    polylines = []
    for ring in all_rings:
        n = len(ring)
        kept = [coast(ring[i], ring[(i + 1) % n]) for i in range(n)]
        if all(kept):
            polylines.append(ring + [ring[0]])
            continue
        # Start just after a dropped edge, so no run is split at the ring's end.
        start = next(i for i in range(n) if not kept[i]) + 1
        run = []
        for step in range(n):
            i = (start + step) % n
            if kept[i]:
                if not run:
                    run.append(ring[i])
                run.append(ring[(i + 1) % n])
            elif run:
                polylines.append(run)
                run = []
        if run:
            polylines.append(run)

    vertices = sum(len(p) for p in polylines)
    print("# Land outlines (coastlines) for quakes-tui's map, derived from Natural Earth 1:110m")
    print("# admin-0 countries (public domain, https://www.naturalearthdata.com/) by")
    print("# Tools/make-land-outline.py; see land_110m.README.md.")
    print(f"# {len(polylines)} polylines, {vertices} points; each point lon,lat in hundredths of a degree.")
    for polyline in polylines:
        print(" ".join(f"{lon},{lat}" for lon, lat in polyline))


if __name__ == "__main__":
    main(sys.argv[1])
