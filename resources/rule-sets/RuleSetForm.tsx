// The inputs of a rule's create and update forms (SPEC §2 Rules, §4, §5), inside the kit's
// react-admin form: name, notification type, priority, the condition (model → attribute →
// operator, each a select of what the one before allows, with SPEC §4's resets), the value (its
// help says what the operator reads) and the profile lists the rule watches.
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { required, SelectArrayInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import type { RuleDetails } from '../../types/api';
import { ariaRequired, FailureAlert, failureOf, filled } from '../../src/admin-kit/form';
import { RulePreview } from './RulePreview';
import { attributeLabel, attributesOf, firstConditionOf, modelsOf, operatorOf, operatorsOf } from './ruleDetails';

const label = (field: string) => `resources.rule-sets.fields.${field}`;

interface Choice {
  id: string | number;
  name: string;
}

/** The options as select choices; a stored value the options do not know stays offered as it is. */
function choicesOf(values: readonly string[], current: unknown, name: (value: string) => string = (value) => value): Choice[] {
  const choices = values.map((value) => ({ id: value, name: name(value) }));
  if (typeof current === 'string' && current !== '' && !values.includes(current)) choices.push({ id: current, name: current });
  return choices;
}

export function RuleInputs({ details, stored }: { details: RuleDetails | undefined; stored?: { id: number; name: string }[] }) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  // watched so that the form renders again on a change, read from the form's store (a reset's
  // values are there before a watcher hears of them)
  useWatch({ name: ['notification_type', 'priority', 'model_name', 'attribute', 'operator'] });
  const [notificationType, priority, model = '', attribute = '', operator = ''] = getValues([
    'notification_type',
    'priority',
    'model_name',
    'attribute',
    'operator',
  ]) as (string | undefined)[];

  // SPEC §4: a new model resets the attribute to its first and the operator to that attribute's
  // first; a new attribute resets the operator. Done once the new choice has rendered, so that the
  // selects never hold a value their choices lack.
  const shown = useRef({ model, attribute });
  useEffect(() => {
    const before = shown.current;
    shown.current = { model, attribute };
    // (a form filled in after its first render, e.g. from a stored rule, is no change of the user's)
    if (before.model === '' || before.attribute === '') return;
    if (before.model !== model) {
      const next = firstConditionOf(details, model);
      shown.current = { model, attribute: next.attribute };
      setValue('attribute', next.attribute, { shouldDirty: true });
      setValue('operator', next.operator, { shouldDirty: true });
    } else if (before.attribute !== attribute) {
      setValue('operator', operatorsOf(details, model, attribute)[0]?.name ?? '', { shouldDirty: true });
    }
  }, [details, model, attribute, setValue]);

  const chosenOperator = operatorOf(details, model, attribute, operator);
  const valueHelp = chosenOperator
    ? chosenOperator.uses_value
      ? chosenOperator.description
      : translate('resources.rule-sets.value_not_read')
    : undefined;
  const lists = [...(details?.profile_lists ?? [])];
  for (const list of stored ?? [])
    if (typeof list === 'object' && list !== null && !lists.some((known) => known.id === list.id)) lists.push(list);

  return (
    <>
      <TextInput source="name" label={label('name')} validate={filled()} {...ariaRequired} />
      <SelectInput
        source="notification_type"
        label={label('notification_type')}
        choices={choicesOf(details?.notification_types ?? [], notificationType)}
        translateChoice={false}
        validate={required()}
      />
      <SelectInput
        source="priority"
        label={label('priority')}
        choices={choicesOf(details?.priorities ?? [], priority)}
        translateChoice={false}
        validate={required()}
      />
      <SelectInput
        source="model_name"
        label={label('model')}
        choices={choicesOf(modelsOf(details), model)}
        translateChoice={false}
        validate={required()}
      />
      <SelectInput
        source="attribute"
        label={label('attribute_input')}
        choices={choicesOf(attributesOf(details, model), attribute, (name) => attributeLabel(details, model, name))}
        translateChoice={false}
        validate={required()}
      />
      <SelectInput
        source="operator"
        label={label('operator')}
        choices={choicesOf(
          operatorsOf(details, model, attribute).map((candidate) => candidate.name),
          operator,
        )}
        translateChoice={false}
        validate={required()}
      />
      <TextInput source="value" label={label('value')} validate={filled()} helperText={valueHelp} {...ariaRequired} />
      <SelectArrayInput source="profile_lists" label={label('profile_lists')} choices={lists} translateChoice={false} />
      <RulePreview />
    </>
  );
}

/** SPEC §8 'Error fetching options', with the server's message, when GET /rules/details/ failed. */
export function RuleOptionsFailure({ error }: { error: unknown }) {
  const translate = useTranslate();
  return error ? <FailureAlert failure={failureOf(translate('resources.rule-sets.errors.options'), error)} /> : null;
}
