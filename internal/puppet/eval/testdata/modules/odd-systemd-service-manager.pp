include systemd::service_manager
