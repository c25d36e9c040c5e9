/**
 * Where the CPU time of a run went: this process (the servers, and PGlite when embedded), the
 * PostgreSQL server's processes when it runs on this machine (Linux only: read from /proc),
 * and the whole machine (os.cpus). The rest of the machine's busy time is "others": another
 * program running meanwhile, which makes the figures of that run worth less.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every usual build. */
const MICROS_PER_TICK = 10_000;

export interface CpuSnapshot {
  machineBusyMicros: number;
  machineTotalMicros: number;
  selfMicros: number;
  /** By process id; null where /proc cannot be read (not Linux, or PostgreSQL runs elsewhere). */
  postgresMicros: Map<number, number> | null;
  /** Of the served process when the service runs in its own (compiled); else null. */
  serverMicros: number | null;
}

function machineTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, idle, irq } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + idle + irq;
  }
  return { busy: busy * 1000, total: total * 1000 };
}

/** CPU time used so far by one process (Linux: /proc), or null. */
function processMicros(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK;
  } catch {
    return null;
  }
}

/** CPU time used so far by each process named `postgres` (server, backends, WAL writer...). */
function postgresTimes(): Map<number, number> | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const times = new Map<number, number>();
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (comm !== 'postgres') continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of proc(5) (utime, stime) are the 12th and 13th after the command.
    times.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK);
  }
  return times.size > 0 ? times : null;
}

export function cpuSnapshot(withPostgres: boolean, serverPid: number | null = null): CpuSnapshot {
  const machine = machineTimes();
  const self = process.cpuUsage();
  return {
    machineBusyMicros: machine.busy,
    machineTotalMicros: machine.total,
    selfMicros: self.user + self.system,
    postgresMicros: withPostgres ? postgresTimes() : null,
    serverMicros: serverPid === null ? null : processMicros(serverPid),
  };
}

export interface CpuSpent {
  selfMicros: number;
  postgresMicros: number | null;
  /** Of the served process, when it runs in its own; else null. */
  serverMicros: number | null;
  /** Share of the whole machine's capacity that was busy, 0..1. */
  machineBusy: number;
  /** Share of the machine's capacity used by neither the servers, the database nor the load. */
  othersBusy: number;
}

export function cpuSpent(from: CpuSnapshot, to: CpuSnapshot, loadMicros: number): CpuSpent {
  const total = Math.max(1, to.machineTotalMicros - from.machineTotalMicros);
  const busy = to.machineBusyMicros - from.machineBusyMicros;
  const self = to.selfMicros - from.selfMicros;
  // Per process: a backend started meanwhile counts from zero; one that ended is not seen.
  let postgres: number | null = null;
  if (from.postgresMicros !== null && to.postgresMicros !== null) {
    postgres = 0;
    for (const [pid, micros] of to.postgresMicros) postgres += micros - (from.postgresMicros.get(pid) ?? 0);
  }
  const server =
    from.serverMicros !== null && to.serverMicros !== null ? to.serverMicros - from.serverMicros : null;
  return {
    selfMicros: self,
    postgresMicros: postgres,
    serverMicros: server,
    machineBusy: busy / total,
    othersBusy: Math.max(0, busy - self - loadMicros - (postgres ?? 0) - (server ?? 0)) / total,
  };
}
