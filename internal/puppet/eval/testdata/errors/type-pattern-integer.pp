$r = Pattern[1]
