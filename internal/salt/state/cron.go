package state

func addCron(f Functions) {
	f["cron.file"] = cronFile
	f["cron.env_present"] = cronEnvPresent
	f["cron.env_absent"] = cronEnvAbsent
	f["cron.present"] = cronPresent
	f["cron.absent"] = cronAbsent
}
