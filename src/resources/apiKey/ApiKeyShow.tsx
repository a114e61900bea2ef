export default function ApiKeyShow() { return null; }
