"""Shared input/output of the declustering reference scripts (plain Python,
no third-party code): reads the Swiss catalogue and writes an expected file."""
import calendar
import csv
import datetime
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOGUE = os.path.join(HERE, "..", "seismostats", "catalog_sed.csv")


def read_catalogue():
    """Every row: (seconds since 1970 UTC, lat, lon, depth km, magnitude)."""
    events = []
    with open(CATALOGUE, newline="") as f:
        for row in csv.DictReader(f):
            when = datetime.datetime.strptime(row["time"], "%Y-%m-%d %H:%M:%S.%f")
            seconds = calendar.timegm(when.timetuple()) + when.microsecond / 1e6
            events.append((seconds, float(row["latitude"]), float(row["longitude"]),
                           float(row["depth"]) / 1000.0, float(row["magnitude"])))
    return events


def write_expected(path, events, mainshock, title):
    """Numbers clusters 1, 2, ... by their first event in time (ties by
    index) and writes index,cluster,mainshock with a summary comment."""
    order = sorted(range(len(events)), key=lambda i: (events[i][0], i))
    number = {}
    for i in order:
        if mainshock[i] not in number:
            number[mainshock[i]] = len(number) + 1
    sizes = {}
    for i in range(len(events)):
        sizes[mainshock[i]] = sizes.get(mainshock[i], 0) + 1
    clustered = sum(1 for m in sizes if sizes[m] > 1)
    with open(os.path.join(HERE, path), "w") as f:
        f.write("# %s\n" % title)
        f.write("# %d events, %d clusters, %d of them with 2 or more events holding %d events\n"
                % (len(events), len(number), clustered, sum(s for s in sizes.values() if s > 1)))
        f.write("index,cluster,mainshock\n")
        for i in range(len(events)):
            f.write("%d,%d,%d\n" % (i, number[mainshock[i]], mainshock[i]))
