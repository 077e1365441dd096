#!/bin/sh
# unwrap-deps.sh FILE: the make dependency file FILE with its continued
# lines joined, so a test's patterns hold however long the checkout's paths
# (gcc breaks a rule's line with "\" when it grows long).
sed -e ':a' -e '/\\$/N' -e 's/\\\n//' -e 'ta' "$1"
