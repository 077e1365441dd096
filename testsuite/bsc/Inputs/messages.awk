# bspprof --csv, per site: its supersteps (rows) and, for each in order,
# the most data messages one process sent (column 15, msgs_max).
NR > 1 { rows[$5]++; msgs[$5] = msgs[$5] " " $15 }
END { for (site in rows) print site, "rows", rows[site], "msgs" msgs[site] }
