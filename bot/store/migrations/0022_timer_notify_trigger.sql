-- PostgreSQL: a new timer wakes every process's scheduler (LISTEN
-- brettbote_timers, bot.store.postgres). The trigger sends the NOTIFY
-- (delivered at commit, one per transaction however many timers it added),
-- so a move that sets timers spends no round trip of its own on it.
-- SQLite has one process, whose store wakes its scheduler itself.
-- dialect: postgresql
CREATE FUNCTION brettbote_timer_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('brettbote_timers', '');
    RETURN NULL;
END;
$$;
CREATE TRIGGER timers_notify AFTER INSERT ON timers
    FOR EACH STATEMENT EXECUTE FUNCTION brettbote_timer_added();
