declare module 'virtual:locale-versions' {
  const versions: Record<string, string>;
  export default versions;
}
