import { Text } from 'react-native'
import { formatTotal } from '../../components/format'

export default function Orders() {
  return <Text>{formatTotal(3)}</Text>
}

export function ErrorBoundary() {
  return <Text>failed</Text>
}
