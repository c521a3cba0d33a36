// Today: the daily training queue in one session, what else waits, the streak.
export { TodayScreen } from './components/today-screen';
