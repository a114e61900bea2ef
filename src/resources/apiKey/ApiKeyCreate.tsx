export default function ApiKeyCreate() { return null; }
