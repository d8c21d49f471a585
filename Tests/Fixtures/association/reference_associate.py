#!/usr/bin/env python3
"""An independent reference for "one event, many origins" (USGS PDL's association rules).

Reads origin reports from fdsnws-event text answers (`#EventID|Time|…`), USGS CSV answers
(`time,latitude,longitude,…`), USGS GeoJSON FeatureCollections or the ISC-GEM catalogue's CSV
(`# ISC-GEM …` comments, the last naming the columns `date, lat, lon, …, mw, …, eventid`), groups them into physical events and
prints one line per event (its origins' ids joined by " + ", in time order), then the count.

The rules (USGS PDL's DefaultAssociator, as the brief of issue 33 states them):
  * origins are taken in time order; an origin joins an existing event when that event's FIRST origin
    (its preferred one here) is within 16 s of it and inside a box of ±0.9° latitude by ±0.9°/cos(lat)
    longitude (lat: the incoming origin's latitude; longitudes compared the short way round 180°;
    bounds inclusive);
  * an event never takes two origins of one agency;
  * of several such events the nearest by sqrt((dlat/0.9)² + (dlon/0.9)² + (dt/16 s)²) wins
    (dlon in plain degrees); with none, the origin starts a new event.

Usage:
  reference_associate.py [--explain] [--degrees D] [--seconds S] [AGENCY=FILE ...]
With no AGENCY=FILE arguments it reads this folder's EMSC and USGS answers for 2017-09-01..2017-11-01,
M >= 6.5. --explain also prints, on stderr, why each origin joined or started an event.
Python 3 standard library only; written without looking at the Swift EventAssociator.
"""

import csv
import json
import math
import os
import sys
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_INPUTS = [
    ("EMSC", os.path.join(HERE, "emsc_fdsnws-event_2017-09-01_2017-11-01_M6.5.txt")),
    ("USGS", os.path.join(HERE, "usgs_2017-09-01_2017-11-01_M6.5.csv")),
]


class Origin:
    def __init__(self, agency, ident, millis, latitude, longitude, magnitude):
        self.agency = agency
        self.ident = ident
        self.millis = millis  # integer milliseconds since 1970, UTC: no float drift in time differences
        self.latitude = latitude
        self.longitude = longitude
        self.magnitude = magnitude

    def iso(self):
        moment = datetime.fromtimestamp(self.millis // 1000, timezone.utc)
        return moment.strftime("%Y-%m-%dT%H:%M:%S") + ".%03dZ" % (self.millis % 1000)


def parse_millis(text):
    """ISO 8601 UTC with or without fraction and Z ("2017-10-31T00:42:12.4Z", "…19.180Z", "…19.180")."""
    text = text.strip().rstrip("Z")
    whole, _, fraction = text.partition(".")
    moment = datetime.strptime(whole, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
    millis = int((fraction + "000")[:3]) if fraction else 0
    return int(moment.timestamp()) * 1000 + millis


def read_fdsn_text(agency, lines):
    origins = []
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.rstrip("\r\n").split("|")
        # EventID|Time|Latitude|Longitude|Depth/km|Author|Catalog|Contributor|ContributorID|MagType|Magnitude|…
        magnitude = float(fields[10]) if fields[10].strip() else None
        origins.append(Origin(agency, fields[0].strip(), parse_millis(fields[1]),
                              float(fields[2]), float(fields[3]), magnitude))
    return origins


def read_usgs_csv(agency, lines):
    origins = []
    for row in csv.DictReader(lines):
        magnitude = float(row["mag"]) if row["mag"] else None
        origins.append(Origin(agency, row["id"], parse_millis(row["time"]),
                              float(row["latitude"]), float(row["longitude"]), magnitude))
    return origins


def read_geojson(agency, text):
    document = json.loads(text)
    features = document["features"] if document.get("type") == "FeatureCollection" else [document]
    origins = []
    for feature in features:
        longitude, latitude = feature["geometry"]["coordinates"][:2]
        properties = feature["properties"]
        origins.append(Origin(agency, feature["id"], int(properties["time"]),
                              float(latitude), float(longitude), properties.get("mag")))
    return origins


def read_isc_gem(agency, lines):
    header = None
    origins = []
    for line in lines:
        if line.startswith("#"):
            header = [name.strip() for name in line[1:].split(",")]
            continue
        if not line.strip():
            continue
        fields = [field.strip() for field in line.split(",")]
        value = {name: fields[index] for index, name in reversed(list(enumerate(header)))}  # a name's first column
        magnitude = float(value["mw"]) if value["mw"] else None
        origins.append(Origin(agency, value["eventid"], parse_millis(value["date"].replace(" ", "T")),
                              float(value["lat"]), float(value["lon"]), magnitude))
    return origins


def read_origins(agency, path):
    with open(path, encoding="utf-8", newline="") as handle:
        text = handle.read()
    first = text.lstrip()[:1]
    if first == "{":
        return read_geojson(agency, text)
    lines = text.splitlines(keepends=True)
    if first == "#" and "ISC-GEM" in lines[0] and "|" not in lines[0]:
        return read_isc_gem(agency, lines)
    if first == "#":
        return read_fdsn_text(agency, lines)
    if lines and lines[0].startswith("time,latitude,longitude"):
        return read_usgs_csv(agency, lines)
    raise SystemExit("reference_associate.py: %s: not an fdsnws-event text, USGS CSV, GeoJSON or ISC-GEM answer" % path)


def longitude_difference(a, b):
    difference = abs(a - b) % 360.0
    return min(difference, 360.0 - difference)


def within_windows(preferred, origin, degrees, seconds):
    if abs(preferred.millis - origin.millis) > seconds * 1000:
        return False
    if abs(preferred.latitude - origin.latitude) > degrees:
        return False
    if abs(origin.latitude) < 89.0:  # at the poles every longitude is near
        across = degrees / math.cos(math.radians(origin.latitude))
        if longitude_difference(preferred.longitude, origin.longitude) > across:
            return False
    return True


def normalised_distance(preferred, origin, degrees, seconds):
    d_lat = (preferred.latitude - origin.latitude) / degrees
    d_lon = longitude_difference(preferred.longitude, origin.longitude) / degrees
    d_time = (preferred.millis - origin.millis) / (seconds * 1000.0)
    return math.sqrt(d_lat * d_lat + d_lon * d_lon + d_time * d_time)


def associate(origins, degrees, seconds, explain):
    events = []  # each a list of origins; its first is the preferred one
    ordered = sorted(origins, key=lambda o: (o.millis, o.agency, o.ident))
    for origin in ordered:
        best = None
        for event in events:
            preferred = event[0]
            if any(member.agency == origin.agency for member in event):
                continue
            if not within_windows(preferred, origin, degrees, seconds):
                continue
            distance = normalised_distance(preferred, origin, degrees, seconds)
            if best is None or distance < best[0]:
                best = (distance, event)
        if best is None:
            events.append([origin])
            if explain:
                print("%s %s %s: new event" % (origin.iso(), origin.agency, origin.ident), file=sys.stderr)
        else:
            distance, event = best
            preferred = event[0]
            event.append(origin)
            if explain:
                print("%s %s %s: joins %s %s (dt %.3f s, dlat %.4f°, dlon %.4f°, distance %.4f)"
                      % (origin.iso(), origin.agency, origin.ident, preferred.agency, preferred.ident,
                         (origin.millis - preferred.millis) / 1000.0, origin.latitude - preferred.latitude,
                         longitude_difference(origin.longitude, preferred.longitude), distance),
                      file=sys.stderr)
    return events


def main(arguments):
    explain = False
    degrees, seconds = 0.9, 16.0
    inputs = []
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument == "--explain":
            explain = True
        elif argument in ("--degrees", "--seconds") and index + 1 < len(arguments):
            value = float(arguments[index + 1])
            if argument == "--degrees":
                degrees = value
            else:
                seconds = value
            index += 1
        elif "=" in argument:
            agency, path = argument.split("=", 1)
            inputs.append((agency, path))
        else:
            raise SystemExit("usage: reference_associate.py [--explain] [--degrees D] [--seconds S] [AGENCY=FILE ...]")
        index += 1
    origins = []
    for agency, path in inputs or DEFAULT_INPUTS:
        origins.extend(read_origins(agency, path))
    events = associate(origins, degrees, seconds, explain)
    for event in events:
        print(" + ".join(origin.ident for origin in event))
    print("%d events from %d origins" % (len(events), len(origins)))


if __name__ == "__main__":
    main(sys.argv[1:])
