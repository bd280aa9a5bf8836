// react-admin's header cells show the sort with an arrow only; assistive technology (and the
// e2e tests) read it from `aria-sort` on the column header, which this column adds in the header
// and nowhere else. SpecList puts it in place of each <DataTable.Col> of its table, so a resource
// writes plain <DataTable.Col>.
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { DataTable, type DataTableColumnProps, useDataTableRenderContext, useDataTableSortContext } from 'react-admin';

function SortStateColumn(props: DataTableColumnProps) {
  const renderContext = useDataTableRenderContext();
  const sort = useDataTableSortContext();
  if (renderContext !== 'header' || props.disableSort || !props.source) return <DataTable.Col {...props} />;
  const ariaSort = sort?.field !== props.source ? 'none' : sort.order === 'DESC' ? 'descending' : 'ascending';
  return <DataTable.Col {...props} {...{ 'aria-sort': ariaSort }} />;
}

/** The table with its <DataTable.Col> columns saying their sort state in the header. */
export function withSortState(table: ReactElement<{ children?: ReactNode }>): ReactElement {
  const columns = Children.map(table.props.children, (column) =>
    isValidElement<DataTableColumnProps>(column) && column.type === DataTable.Col ? <SortStateColumn {...column.props} /> : column,
  );
  return cloneElement(table, {}, columns);
}
